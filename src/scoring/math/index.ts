// Math answers: extraction of the final answer and equivalence with the reference.
export { extractBoxed, extractFinalAnswer, type ExtractedAnswer, type ExtractMethod } from './extract-answer.ts'
export { mathEquivalent, normalizeTextAnswer, type Equivalence, type EquivalenceMethod } from './equivalent.ts'
export type { Verdict } from './evaluate.ts'
