import { rescoreStructured } from '../../src/scoring/judge/structured-judge.ts'
import { mathThenJudgeScorer } from '../../src/scoring/math-then-judge.ts'

/**
 * The final answer (last \boxed, "Final answer:", …) is compared mathematically with the reference; an
 * explicit answer that is provably different is wrong without a judge call. Otherwise the judge decides
 * from the whole response.
 */
export const scoreAnswer = mathThenJudgeScorer({ decideFalse: true })

/** Re-reads a stored judge reply (reparse-judge); null for samples the fast path decided. */
export const rescore = rescoreStructured
