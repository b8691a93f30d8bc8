import { rescoreStructured } from '../../src/scoring/judge/structured-judge.ts'
import { mathThenJudgeScorer } from '../../src/scoring/math-then-judge.ts'

/**
 * A final answer mathematically equal to the reference (or to its \boxed part) is right without a judge;
 * anything else goes to the judge, since references here are often sentences, not short answers.
 */
export const scoreAnswer = mathThenJudgeScorer({ decideFalse: false })

export const rescore = rescoreStructured
