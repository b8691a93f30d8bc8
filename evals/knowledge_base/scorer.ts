// knowledge_base scoring: every key phrase of the reference in the answer → correct with no judge call;
// otherwise the judge's named fields decide.
//
//   scoreAnswer(record, answer, ctx): Promise<Score>
//   rescore(result): Score | null       reparse-judge
//
// OpenJarvis normalised the reference (punctuation removed) BEFORE splitting it on [.,;], so the whole reference
// was one phrase and the fast path matched only a verbatim copy (§10.18). Here it splits first. A missing
// `overall_correct` line made OpenJarvis's verdict false; here the sample is unscored with the reply kept, and a
// "yes" the judge's own fields contradict (not factually correct, completeness missing) is not a pass.
import type { EvalRecord } from '../../src/core/record.ts'
import type { SampleResult } from '../../src/core/sample-result.ts'
import type { Score, ScoreContext } from '../../src/core/score.ts'
import { userMessage } from '../../src/scoring/judge/judge-prompts.ts'
import { judgeRubric, rescoreRubric, type RubricRules } from '../../src/scoring/judge/rubric.ts'
import { emptyResponseScore } from '../../src/scoring/judge/structured-judge.ts'
import { containsEveryPhrase } from '../../src/scoring/phrases.ts'
import { JUDGE_FIELDS, judgePrompt } from './prompt.ts'

const RULES: RubricRules = {
  fields: JUDGE_FIELDS,
  decide(v) {
    if (v.overall_correct === null) return { isCorrect: null }
    return { isCorrect: v.overall_correct === true && v.factually_correct !== false && v.completeness !== 'missing' }
  },
}

export async function scoreAnswer(record: EvalRecord, answer: string, ctx: ScoreContext): Promise<Score> {
  if (!answer.trim()) return emptyResponseScore(record.reference)
  const phrases = containsEveryPhrase(record.reference, answer)
  const metadata = { key_phrases: phrases.phrases, missing_phrases: phrases.missing }
  if (phrases.ok) return { isCorrect: true, expected: record.reference, metadata: { ...metadata, match_type: 'key_phrases' } }
  const prompt = judgePrompt({ question: String(record.metadata.question), reference: record.reference, response: answer })
  return judgeRubric(ctx, userMessage(prompt), RULES, { metadata, expected: record.reference, maxTokens: 512 })
}

export const rescore = (result: SampleResult): Score | null => rescoreRubric(result, RULES)
