// GPQA is scored like every MCQ benchmark (src/scoring/mcq.ts): strict regex, then judge extraction.
export { scoreMcqRecord as scoreAnswer, rescoreMcq as rescore } from '../../src/scoring/mcq-scorer.ts'
