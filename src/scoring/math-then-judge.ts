import type { EvalRecord } from '../core/record.ts'
import type { Score, ScoreContext } from '../core/score.ts'
import { reasoningJudgePrompt, userMessage } from './judge/judge-prompts.ts'
import { emptyResponseScore, judgeStructured, noReferenceScore } from './judge/structured-judge.ts'
import { mathFastPath } from './math/fast-path.ts'

/**
 * The scorer of math and reasoning benchmarks: the final answer is compared mathematically with the reference
 * first; what that cannot settle goes to the judge, with the whole response. `decideFalse`: an explicit final
 * answer that is provably different is wrong without a judge call (math500, short references); natural-reasoning's
 * references are often sentences, so there only a proven match skips the judge.
 */
export function mathThenJudgeScorer(o: { decideFalse: boolean }) {
  return async (record: EvalRecord, answer: string, ctx: ScoreContext): Promise<Score> => {
    if (!answer.trim()) return emptyResponseScore(record.reference)
    if (!record.reference.trim()) return noReferenceScore()
    const fast = mathFastPath(answer, record.reference, { decideFalse: o.decideFalse })
    if (fast.score) return fast.score
    const question = String(record.metadata.question ?? record.problem)
    const prompt = reasoningJudgePrompt({ question, reference: record.reference, prediction: answer })
    return judgeStructured(ctx, userMessage(prompt), { metadata: fast.metadata, expected: record.reference })
  }
}
