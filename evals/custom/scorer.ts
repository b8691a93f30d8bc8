import type { EvalRecord, Score, ScoreContext } from '../../src/harness/types.ts'
import { scoreMcqRecord } from '../../src/scoring/mcq-scorer.ts'
import { parseCorrectVerdict } from '../../src/scoring/verdict.ts'

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

export const JUDGE_PROMPT = (question: string, reference: string, answer: string) =>
  `You are evaluating an AI system's answer against a reference answer.\n\nQuestion: ${question}\n\nReference answer: ${reference}\n\nPredicted answer: ${answer}\n\nJudge whether the predicted answer means the same as the reference (minor wording and formatting do not matter; missing parts or wrong facts do).\nReply in this format:\nextracted_final_answer: <the predicted final answer>\nreasoning: <one or two sentences>\ncorrect: <yes or no>`

/** judge: the structured verdict line decides; an unreadable reply is null with the raw text kept for reparse-judge. */
export async function scoreJudged(record: EvalRecord, answer: string, ctx: ScoreContext): Promise<Score> {
  if (!answer.trim()) return { isCorrect: false, expected: record.reference, extracted: null, reason: 'empty_response', metadata: {} }
  if (!ctx.judge.available) return { isCorrect: null, reason: 'judge_unavailable', metadata: { judge_error: ctx.judge.unavailableReason } }
  let text: string
  try {
    text = (await ctx.judge.complete([{ role: 'user', content: JUDGE_PROMPT(String(record.metadata.question ?? record.problem), record.reference, answer) }], { signal: ctx.signal })).text
  } catch (e) {
    return { isCorrect: null, reason: 'judge_error', metadata: { judge_error: (e as Error).message } }
  }
  const v = parseCorrectVerdict(text)
  return {
    isCorrect: v.verdict,
    expected: record.reference,
    extracted: v.extractedAnswer ?? null,
    reason: v.verdict === null ? 'judge_unparseable' : undefined,
    metadata: { raw_judge_output: text, ...(v.extractedAnswer ? { extracted_answer: v.extractedAnswer } : {}) },
  }
}

export const scoreCustom = (scorer: 'mcq' | 'exact' | 'judge') =>
  scorer === 'mcq' ? scoreMcqRecord : scorer === 'exact' ? (r: EvalRecord, a: string) => scoreExact(r, a) : scoreJudged
