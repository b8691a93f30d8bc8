// research_mining scoring: one rubric judge call (five 1–5 ratings and overall_correct).
//
//   scoreAnswer(record, answer, ctx): Promise<Score>
//   rescore(result): Score | null          reparse-judge
//
// OpenJarvis re-extracted the question from the prompt text and defaulted a missing rating to 3. Here the judge
// gets the question, scope and key facts from the record; overall_correct decides, else the average of all five
// ratings (≥ 3.5); a reply with neither is unscored with its text kept. Without any judge, a heuristic stands in
// (marked `judge: "heuristic"`): at least 60% of the key facts found by the 60%-of-words rule.
import type { EvalRecord } from '../../src/core/record.ts'
import type { SampleResult } from '../../src/core/sample-result.ts'
import type { Score, ScoreContext } from '../../src/core/score.ts'
import { userMessage } from '../../src/scoring/judge/judge-prompts.ts'
import { averageRating, judgeRubric, rescoreRubric, type RubricRules } from '../../src/scoring/judge/rubric.ts'
import { emptyResponseScore } from '../../src/scoring/judge/structured-judge.ts'
import { phraseCoverage } from '../../src/scoring/phrases.ts'
import { JUDGE_FIELDS, judgePrompt, RATINGS } from './prompt.ts'

export const HEURISTIC_MIN_COVERAGE = 0.6

const RULES: RubricRules = {
  fields: JUDGE_FIELDS,
  decide(v) {
    const avg = averageRating(v, RATINGS)
    if (v.overall_correct !== null) return { isCorrect: v.overall_correct === true, details: { avg_score: avg, decided_by: 'overall_correct' } }
    if (avg === null) return { isCorrect: null, details: { avg_score: null } }
    return { isCorrect: avg >= 3.5, details: { avg_score: avg, decided_by: 'average' } }
  },
}

export async function scoreAnswer(record: EvalRecord, answer: string, ctx: ScoreContext): Promise<Score> {
  if (!answer.trim()) return emptyResponseScore(record.reference)
  const m = record.metadata
  const keyFacts = m.key_facts as string[]
  const prompt = judgePrompt({ question: String(m.question), domain: String(m.domain), scope: String(m.scope), keyFacts, response: answer })
  return judgeRubric(ctx, userMessage(prompt), RULES, {
    expected: record.reference,
    maxTokens: 512,
    heuristic: () => {
      const c = phraseCoverage(keyFacts, answer)
      return { isCorrect: c.share >= HEURISTIC_MIN_COVERAGE, score: c.share, details: { facts_found: c.found, facts_missing: c.missing } }
    },
  })
}

export const rescore = (result: SampleResult): Score | null => rescoreRubric(result, RULES)
