import { judgeOnlyScorer, rescoreStructured } from '../../src/scoring/judge/structured-judge.ts'
import { judgePrompt } from './prompt.ts'

/** Judge only: IPW rows come from many source datasets, so no single exact-match rule fits them. */
export const scoreAnswer = judgeOnlyScorer(judgePrompt)

export const rescore = rescoreStructured
