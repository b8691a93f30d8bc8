// morning_brief scoring: one rubric judge call (four 1–5 ratings, key_priorities_covered, overall_correct).
//
//   scoreAnswer(record, answer, ctx): Promise<Score>
//   rescore(result): Score | null          reparse-judge
//
// OpenJarvis read each rating's FIRST digit and put 3 in for a missing one; its judge saw only the first 500
// characters of the prompt. Here the judge sees the whole user context; overall_correct decides, except that a
// brief the judge itself says misses the key priorities ("no") is not a pass; without overall_correct, all four
// ratings must be there (average ≥ 3.5, priorities not "no"), else the sample is unscored with the reply kept.
// With no judge at all, a heuristic stands in (marked `judge: "heuristic"`): at least 80% of the key
// priorities found by the 60%-of-words rule.
import type { EvalRecord } from '../../src/core/record.ts'
import type { SampleResult } from '../../src/core/sample-result.ts'
import type { Score, ScoreContext } from '../../src/core/score.ts'
import { userMessage } from '../../src/scoring/judge/judge-prompts.ts'
import { averageRating, judgeRubric, rescoreRubric, type RubricRules } from '../../src/scoring/judge/rubric.ts'
import { emptyResponseScore } from '../../src/scoring/judge/structured-judge.ts'
import { phraseCoverage, splitKeyPhrases } from '../../src/scoring/phrases.ts'
import { JUDGE_FIELDS, judgePrompt } from './prompt.ts'

const RATINGS = ['completeness', 'prioritization', 'conciseness', 'actionability'] as const
export const HEURISTIC_MIN_COVERAGE = 0.8

const RULES: RubricRules = {
  fields: JUDGE_FIELDS,
  decide(v) {
    const avg = averageRating(v, RATINGS)
    const details = { avg_score: avg, key_priorities_covered: v.key_priorities_covered }
    if (v.overall_correct !== null) return { isCorrect: v.overall_correct === true && v.key_priorities_covered !== 'no', details: { ...details, decided_by: 'overall_correct' } }
    if (avg === null || v.key_priorities_covered === null) return { isCorrect: null, details }
    return { isCorrect: avg >= 3.5 && v.key_priorities_covered !== 'no', details: { ...details, decided_by: 'average' } }
  },
}

export async function scoreAnswer(record: EvalRecord, answer: string, ctx: ScoreContext): Promise<Score> {
  if (!answer.trim()) return emptyResponseScore(record.reference)
  const prompt = judgePrompt({ context: String(record.metadata.user_context), priorities: record.reference, brief: answer })
  return judgeRubric(ctx, userMessage(prompt), RULES, {
    expected: record.reference,
    maxTokens: 512,
    heuristic: () => {
      const c = phraseCoverage(splitKeyPhrases(record.reference), answer)
      return { isCorrect: c.share >= HEURISTIC_MIN_COVERAGE, score: c.share, details: { priorities_found: c.found, priorities_missing: c.missing } }
    },
  })
}

export const rescore = (result: SampleResult): Score | null => rescoreRubric(result, RULES)
