// The no-judge path of open-answer benchmarks: read the model's final answer, compare it mathematically.
//
//   mathFastPath(answer, reference, { decideFalse }): { score: Score | null, metadata }
//
// A true equivalence always decides. A false one decides only when `decideFalse` is set (MATH-500, whose
// references are short answers) AND the answer was stated explicitly (\boxed, "Final answer:", "The answer
// is", the one math span of the final sentence); a last-line guess or a free-form reference goes to the
// judge, and so does a final statement that overrode an earlier box which matches the reference. `score: null` means "ask the judge";
// `metadata` then carries what the fast path saw.
import type { Score } from '../../core/score.ts'
import { mathEquivalent } from './equivalent.ts'
import { extractBoxedAnswer, extractFinalAnswer } from './extract-answer.ts'

export interface FastPath {
  score: Score | null
  metadata: Record<string, unknown>
}

export function mathFastPath(answer: string, reference: string, opts: { decideFalse: boolean }): FastPath {
  const ext = extractFinalAnswer(answer)
  const ref = extractBoxedAnswer(reference) ?? reference.trim()
  const metadata: Record<string, unknown> = { final_answer: ext?.answer ?? null, extraction: ext?.method ?? null }
  if (!ext) return { score: null, metadata }
  const eq = mathEquivalent(ext.answer, ref)
  metadata.math_equivalent = eq.equivalent
  metadata.math_method = eq.method
  if (ext.alternative !== undefined) metadata.overridden_boxed = ext.alternative
  const altRight = eq.equivalent === false && ext.alternative !== undefined && mathEquivalent(ext.alternative, ref).equivalent !== false
  const decided = eq.equivalent === true || (eq.equivalent === false && opts.decideFalse && ext.method !== 'last_line' && !altRight)
  if (!decided) return { score: null, metadata }
  return {
    score: { isCorrect: eq.equivalent === true, expected: reference, extracted: ext.answer, metadata: { ...metadata, match_type: 'math' } },
    metadata,
  }
}
