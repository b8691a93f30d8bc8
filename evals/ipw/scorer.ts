import type { EvalRecord, Score, ScoreContext } from '../../src/harness/types.ts'
import { userMessage } from '../../src/scoring/judge-prompts.ts'
import { emptyResponseScore, judgeStructured, noReferenceScore, rescoreStructured } from '../../src/scoring/structured-judge.ts'
import { judgePrompt } from './prompt.ts'

/** Judge only: IPW rows come from many source datasets, so no single exact-match rule fits them. */
export async function scoreAnswer(record: EvalRecord, answer: string, ctx: ScoreContext): Promise<Score> {
  if (!answer.trim()) return emptyResponseScore(record.reference)
  if (!record.reference.trim()) return noReferenceScore()
  const prompt = judgePrompt({ question: String(record.metadata.question ?? record.problem), reference: record.reference, prediction: answer })
  return judgeStructured(ctx, userMessage(prompt), { expected: record.reference })
}

export const rescore = rescoreStructured
