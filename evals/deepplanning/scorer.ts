// DeepPlanning scoring: a judge (4096 tokens) compares the plan with the reference products and answers
// CORRECT or INCORRECT (src/scoring/judge/correct-incorrect.ts: "NOT CORRECT" is not correct). The judge sees the
// request, not the whole catalog: the reference already names the right products (OpenJarvis sent the full
// prompt, catalog included, on every judge call). A failed or unreadable judge leaves the sample unscored.
import type { EvalRecord } from '../../src/core/record.ts'
import type { Score, ScoreContext } from '../../src/core/score.ts'
import { judgeCorrectIncorrect, rescoreCorrectIncorrect } from '../../src/scoring/judge/correct-incorrect.ts'
import { emptyResponseScore, noReferenceScore } from '../../src/scoring/judge/structured-judge.ts'
import { judgeMessages } from './prompt.ts'

export async function scoreAnswer(record: EvalRecord, answer: string, ctx: ScoreContext): Promise<Score> {
  if (!answer.trim()) return emptyResponseScore(record.reference)
  if (!record.reference.trim()) return noReferenceScore()
  const taskType = String(record.metadata.task_type ?? 'planning')
  const messages = judgeMessages({ taskType, request: String(record.metadata.query ?? ''), reference: record.reference, plan: answer })
  return judgeCorrectIncorrect(ctx, messages, { expected: record.reference, metadata: { task_type: taskType } })
}

export const rescore = rescoreCorrectIncorrect
