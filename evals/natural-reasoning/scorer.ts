import type { EvalRecord, Score, ScoreContext } from '../../src/harness/types.ts'
import { reasoningJudgePrompt, userMessage } from '../../src/scoring/judge-prompts.ts'
import { mathFastPath } from '../../src/scoring/math/fast-path.ts'
import { emptyResponseScore, judgeStructured, noReferenceScore, rescoreStructured } from '../../src/scoring/structured-judge.ts'

/**
 * A final answer mathematically equal to the reference (or to its \boxed part) is right without a judge;
 * anything else goes to the judge, since references here are often sentences, not short answers.
 */
export async function scoreAnswer(record: EvalRecord, answer: string, ctx: ScoreContext): Promise<Score> {
  if (!answer.trim()) return emptyResponseScore(record.reference)
  if (!record.reference.trim()) return noReferenceScore()
  const fast = mathFastPath(answer, record.reference, { decideFalse: false })
  if (fast.score) return fast.score
  const question = String(record.metadata.question ?? record.problem)
  const prompt = reasoningJudgePrompt({ question, reference: record.reference, prediction: answer })
  return judgeStructured(ctx, userMessage(prompt), { metadata: fast.metadata, expected: record.reference })
}

export const rescore = rescoreStructured
