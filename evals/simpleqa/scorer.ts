import type { EvalRecord } from '../../src/core/record.ts'
import type { Score, ScoreContext } from '../../src/core/score.ts'
import { userMessage } from '../../src/scoring/judge/judge-prompts.ts'
import { extractFinalAnswer } from '../../src/scoring/math/extract-answer.ts'
import { shortAnswerMatch } from '../../src/scoring/normalize.ts'
import { emptyResponseScore, judgeStructured, noReferenceScore, rescoreStructured } from '../../src/scoring/judge/structured-judge.ts'
import { judgePrompt } from './prompt.ts'

/**
 * Normalised exact match proves an answer right: case, spacing, outer punctuation, "$1,000" = "1000", and
 * answers that differ only in punctuation ("St. Louis" = "St Louis", "Jean-Paul" = "Jean Paul"; the spec's
 * normalisation, but never "(1,2)" = "12"). A mismatch is not proof of a wrong answer ("NYC" vs "New York
 * City"), so the judge decides it.
 */
export async function scoreAnswer(record: EvalRecord, answer: string, ctx: ScoreContext): Promise<Score> {
  if (!answer.trim()) return emptyResponseScore(record.reference)
  if (!record.reference.trim()) return noReferenceScore()
  const stated = extractFinalAnswer(answer)
  // only an explicit "Answer: …" or \boxed part: the last number of a sentence ("It was not 1921.") is no answer
  const candidates = [answer, ...(stated && (stated.method === 'boxed' || stated.method === 'labelled') ? [stated.answer] : [])]
  const hit = candidates.find((c) => shortAnswerMatch(c, record.reference))
  if (hit !== undefined) return { isCorrect: true, expected: record.reference, extracted: hit.trim(), metadata: { match_type: 'exact' } }
  const prompt = judgePrompt({ question: String(record.metadata.question ?? record.problem), reference: record.reference, prediction: answer })
  return judgeStructured(ctx, userMessage(prompt), { expected: record.reference })
}

export const rescore = rescoreStructured
