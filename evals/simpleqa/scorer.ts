import type { EvalRecord } from '../../src/core/record.ts'
import type { Score, ScoreContext } from '../../src/core/score.ts'
import { userMessage } from '../../src/scoring/judge/judge-prompts.ts'
import { extractFinalAnswer } from '../../src/scoring/math/extract-answer.ts'
import { shortAnswerMatch } from '../../src/scoring/normalize.ts'
import { emptyResponseScore, judgeStructured, noReferenceScore, rescoreStructured } from '../../src/scoring/judge/structured-judge.ts'
import { judgePrompt } from './prompt.ts'

/**
 * Normalised exact match (case, spacing, outer punctuation, "$1,000" = "1000") proves an answer right; a
 * mismatch is not proof of a wrong answer ("NYC" vs "New York City"), so the judge decides it.
 */
export async function scoreAnswer(record: EvalRecord, answer: string, ctx: ScoreContext): Promise<Score> {
  if (!answer.trim()) return emptyResponseScore(record.reference)
  if (!record.reference.trim()) return noReferenceScore()
  const stated = extractFinalAnswer(answer)
  const candidates = [answer, ...(stated && stated.method !== 'last_line' ? [stated.answer] : [])]
  const hit = candidates.find((c) => shortAnswerMatch(c, record.reference))
  if (hit !== undefined) return { isCorrect: true, expected: record.reference, extracted: hit.trim(), metadata: { match_type: 'exact' } }
  const prompt = judgePrompt({ question: String(record.metadata.question ?? record.problem), reference: record.reference, prediction: answer })
  return judgeStructured(ctx, userMessage(prompt), { expected: record.reference })
}

export const rescore = rescoreStructured
