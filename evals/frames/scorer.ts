import { judgeOnlyScorer, rescoreStructured } from '../../src/scoring/judge/structured-judge.ts'
import { judgePrompt } from './prompt.ts'

/** Judge only (as the spec): the judge compares the essential facts with the ground truth. */
export const scoreAnswer = judgeOnlyScorer(judgePrompt)

export const rescore = rescoreStructured
