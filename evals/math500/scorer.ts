import type { EvalRecord, Score, ScoreContext } from '../../src/harness/types.ts'
import { reasoningJudgePrompt, userMessage } from '../../src/scoring/judge-prompts.ts'
import { mathFastPath } from '../../src/scoring/math/fast-path.ts'
import { emptyResponseScore, judgeStructured, noReferenceScore, rescoreStructured } from '../../src/scoring/structured-judge.ts'

/**
 * The final answer (last \boxed, "Final answer:", …) is compared mathematically with the reference; an
 * explicit answer that is provably different is wrong without a judge call. Otherwise the judge decides
 * from the whole response.
 */
export async function scoreAnswer(record: EvalRecord, answer: string, ctx: ScoreContext): Promise<Score> {
  if (!answer.trim()) return emptyResponseScore(record.reference)
  if (!record.reference.trim()) return noReferenceScore()
  const fast = mathFastPath(answer, record.reference, { decideFalse: true })
  if (fast.score) return fast.score
  const question = String(record.metadata.question ?? record.problem)
  const prompt = reasoningJudgePrompt({ question, reference: record.reference, prediction: answer })
  return judgeStructured(ctx, userMessage(prompt), { metadata: fast.metadata, expected: record.reference })
}

/** Re-reads a stored judge reply (reparse-judge); null for samples the fast path decided. */
export const rescore = rescoreStructured
