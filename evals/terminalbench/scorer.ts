import { judgeOnlyScorer, rescoreStructured } from '../../src/scoring/judge/structured-judge.ts'
import { judgePrompt } from './prompt.ts'

/** Judge only: functional equivalence with the reference; empty → wrong; no reference or a failed judge → unscored. */
export const scoreAnswer = judgeOnlyScorer(judgePrompt)

export const rescore = rescoreStructured
