import type { EvalRecord } from '../core/record.ts'
import type { Score, ScoreContext } from '../core/score.ts'
import type { SampleResult } from '../core/sample-result.ts'
import { judgeVerdict, lettersFor, scoreMcq } from './mcq.ts'

/** The scorer of every MCQ benchmark: options in `record.metadata.options`, the reference letter in `reference`. */
export const scoreMcqRecord = (record: EvalRecord, answer: string, ctx: ScoreContext): Promise<Score> =>
  scoreMcq({ problem: record.problem, answer, reference: record.reference, options: (record.metadata.options as string[]) ?? [], judge: ctx.judge, signal: ctx.signal })

/** reparse-judge for MCQ: re-reads a stored judge reply with the current parser; null when nothing to re-read. */
export function rescoreMcq(r: SampleResult): Score | null {
  const m = r.scoring_metadata as Record<string, unknown>
  if (typeof m.raw_judge_output !== 'string' || typeof m.reference_letter !== 'string') return null
  const valid = typeof m.valid_letters === 'string' ? m.valid_letters.split('') : lettersFor(10)
  return judgeVerdict(m.raw_judge_output, m.reference_letter, valid, { reference_letter: m.reference_letter, valid_letters: valid.join('') })
}
