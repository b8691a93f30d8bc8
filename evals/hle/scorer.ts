import type { EvalRecord } from '../../src/core/record.ts'
import type { Score, ScoreContext } from '../../src/core/score.ts'
import { userMessage } from '../../src/scoring/judge/judge-prompts.ts'
import { mathFastPath } from '../../src/scoring/math/fast-path.ts'
import { emptyResponseScore, judgeStructured, noReferenceScore, rescoreStructured } from '../../src/scoring/judge/structured-judge.ts'
import { judgePrompt } from './prompt.ts'

const LETTER = /^\(?([A-Za-z])\)?$/

/**
 * Multiple-choice rows: an explicit answer letter decides. Exact-match rows: an answer mathematically equal
 * to the reference is right; anything else goes to the judge (HLE answers are often words or formulas).
 */
export async function scoreAnswer(record: EvalRecord, answer: string, ctx: ScoreContext): Promise<Score> {
  if (!answer.trim()) return emptyResponseScore(record.reference)
  if (!record.reference.trim()) return noReferenceScore()
  const fast = mathFastPath(answer, record.reference, { decideFalse: false })
  if (fast.score) return fast.score
  const letter = LETTER.exec(String(fast.metadata.final_answer ?? '').trim())
  const refLetter = LETTER.exec(record.reference.trim())
  if (record.metadata.answer_type === 'multipleChoice' && letter && refLetter && fast.metadata.extraction !== 'last_line') {
    return { isCorrect: letter[1].toUpperCase() === refLetter[1].toUpperCase(), expected: record.reference, extracted: letter[1].toUpperCase(), metadata: { ...fast.metadata, match_type: 'choice' } }
  }
  const prompt = judgePrompt({ question: String(record.metadata.question ?? record.problem), reference: record.reference, prediction: answer })
  return judgeStructured(ctx, userMessage(prompt), { metadata: fast.metadata, expected: record.reference })
}

export const rescore = rescoreStructured
