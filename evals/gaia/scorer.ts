// GAIA scoring: the normalised exact match decides a match without the judge; anything else goes to the judge
// (the spec: judge only as a fallback). The match is tried on the whole answer and on its stated final answer
// ("The answer is 42", \boxed{42}), since agents wrap their answer in prose. A failed or unreadable judge leaves
// the sample unscored (OpenJarvis counted a judge error wrong: openjarvis-evals.md §2.4).
import type { EvalRecord } from '../../src/core/record.ts'
import type { Score, ScoreContext } from '../../src/core/score.ts'
import { userMessage } from '../../src/scoring/judge/judge-prompts.ts'
import { emptyResponseScore, judgeStructured, noReferenceScore, rescoreStructured } from '../../src/scoring/judge/structured-judge.ts'
import { extractFinalAnswer } from '../../src/scoring/math/extract-answer.ts'
import { gaiaExactMatch } from './exact-match.ts'
import { judgePrompt } from './prompt.ts'

export function exactCandidates(answer: string): string[] {
  const stated = extractFinalAnswer(answer)
  return [answer, ...(stated && (stated.method === 'boxed' || stated.method === 'labelled') ? [stated.answer] : [])]
}

export async function scoreAnswer(record: EvalRecord, answer: string, ctx: ScoreContext): Promise<Score> {
  if (!answer.trim()) return emptyResponseScore(record.reference)
  if (!record.reference.trim()) return noReferenceScore()
  const hit = exactCandidates(answer).find((c) => gaiaExactMatch(c, record.reference))
  if (hit !== undefined) return { isCorrect: true, expected: record.reference, extracted: hit.trim(), metadata: { match_type: 'exact' } }
  const prompt = judgePrompt({ question: String(record.metadata.question ?? record.problem), reference: record.reference, prediction: answer })
  return judgeStructured(ctx, userMessage(prompt), { expected: record.reference })
}

export const rescore = rescoreStructured
