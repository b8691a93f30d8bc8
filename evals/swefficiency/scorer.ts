// SWE-fficiency scoring: the patch is extracted and written to the run's predictions.jsonl, the input of the
// SWE-fficiency harness, which applies it in the instance image, runs the covering tests and times the workload
// before and after. That harness is not driven from here (its verdict is a speedup ratio, not a pass/fail), so
// every patch is unscored with that reason; empty replies and replies without a diff are wrong.
import type { EvalRecord } from '../../src/core/record.ts'
import type { Score, ScoreContext } from '../../src/core/score.ts'
import { patchAnswer } from '../../src/scoring/swe/patch-answer.ts'

export async function scoreSwefficiency(record: EvalRecord, answer: string, ctx: Pick<ScoreContext, 'run'>): Promise<Score> {
  const p = patchAnswer(record, answer, ctx)
  if ('done' in p) return p.done
  return { isCorrect: null, expected: `a patch reaching ${record.metadata.expected_speedup}x with the covering tests passing`, reason: 'needs_speedup_harness', metadata: p.metadata }
}
