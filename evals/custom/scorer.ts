import type { EvalRecord } from '../../src/core/record.ts'
import type { Score } from '../../src/core/score.ts'
import { scoreMcqRecord } from '../../src/scoring/mcq-scorer.ts'
import { STRUCTURED_REPLY_FORMAT, type JudgeInput } from '../../src/scoring/judge/judge-prompts.ts'
import { judgeOnlyScorer } from '../../src/scoring/judge/structured-judge.ts'

/** exact: the final answer equals the reference — numbers and simple LaTeX compared mathematically, text normalised. */
export async function scoreExact(record: EvalRecord, answer: string): Promise<Score> {
  // mathjs takes ~0.5 s to import: only runs that score this way pay for it.
  const { extractFinalAnswer, mathEquivalent, normalizeTextAnswer } = await import('../../src/scoring/math/index.ts')
  if (!answer.trim()) return { isCorrect: false, expected: record.reference, extracted: null, reason: 'empty_response', metadata: {} }
  const final = extractFinalAnswer(answer)?.answer ?? answer.trim()
  const eq = mathEquivalent(final, record.reference)
  const ok = eq.equivalent === 'unsure' ? normalizeTextAnswer(final) === normalizeTextAnswer(record.reference) : eq.equivalent
  return { isCorrect: ok, expected: record.reference, extracted: final, metadata: { match_type: eq.equivalent === 'unsure' ? 'text' : eq.method } }
}

/** The judge prompt of `scorer = "judge"`: generic, with the spec's structured reply format. */
export const judgePrompt = (p: JudgeInput): string =>
  `You are evaluating an AI system's answer against a reference answer.\n\nQuestion: ${p.question}\n\nReference answer: ${p.reference}\n\nPredicted answer: ${p.prediction}\n\nJudge whether the predicted answer means the same as the reference (minor wording and formatting do not matter; missing parts or wrong facts do).\n${STRUCTURED_REPLY_FORMAT}`

/** judge: the structured verdict line decides; an unreadable reply is null with the raw text kept for reparse-judge. */
export const scoreJudged = judgeOnlyScorer(judgePrompt)

export const scoreCustom = (scorer: 'mcq' | 'exact' | 'judge') =>
  scorer === 'mcq' ? scoreMcqRecord : scorer === 'exact' ? (r: EvalRecord, a: string) => scoreExact(r, a) : scoreJudged
