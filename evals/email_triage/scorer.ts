// email_triage scoring: exact field match first, the judge only for a field the match could not read.
//
//   readLabel(answer, field, labels): { raw, label }   the `urgency:` / `category:` line and the label it names
//   scoreAnswer(record, answer, ctx): Promise<Score>
//   rescore(result): Score | null                       reparse-judge
//
// OpenJarvis asked the judge whenever the two fields were not both exact, and its `overall_correct` decided, so
// the judge could pass a sample whose urgency was plainly wrong (openjarvis-evals.md §2.4). Here a field that
// names a valid label decides by itself: a different label is wrong, and no judge can overrule it. The judge
// rules only on a field the response gave in other words ("urgent", "approval needed") or not at all, and the
// sample is correct only when every field is; `overall_correct` and `draft_quality` are kept as evidence.
import type { EvalRecord } from '../../src/core/record.ts'
import type { SampleResult } from '../../src/core/sample-result.ts'
import type { Score, ScoreContext } from '../../src/core/score.ts'
import { judgeRubric, rescoreRubric, type RubricRules } from '../../src/scoring/judge/rubric.ts'
import { userMessage } from '../../src/scoring/judge/judge-prompts.ts'
import { emptyResponseScore } from '../../src/scoring/judge/structured-judge.ts'
import { field } from '../../src/scoring/judge/verdict.ts'
import { CATEGORIES, URGENCIES } from './loader.ts'
import { JUDGE_FIELDS, judgePrompt } from './prompt.ts'

type Field = 'urgency' | 'category'
const LABELS: Record<Field, readonly string[]> = { urgency: URGENCIES, category: CATEGORIES }

/** The last `<field>: value` line (markdown tolerated) and the valid label its value starts with, if any. */
export function readLabel(answer: string, name: Field): { raw: string | null; label: string | null } {
  let raw: string | null = null
  for (const line of answer.split(/\r?\n/)) {
    const v = field(line, new RegExp(name))
    if (v !== null) raw = v
  }
  const m = raw === null ? null : /^([a-z]+)/.exec(raw.toLowerCase().replace(/[*_`"'\[\]()]/g, '').trim())
  const label = m && LABELS[name].includes(m[1]) ? m[1] : null
  return { raw, label }
}

/** Per field: true/false when a valid label was read, null when the judge must rule. */
function exactFields(record: EvalRecord, answer: string) {
  const out = {} as Record<Field, { expected: string; read: string | null; match: boolean | null }>
  for (const f of ['urgency', 'category'] as const) {
    const { raw, label } = readLabel(answer, f)
    const expected = String(record.metadata[f])
    out[f] = { expected, read: raw, match: label === null ? null : label === expected }
  }
  return out
}

const RULES: RubricRules = {
  fields: JUDGE_FIELDS,
  decide(values, meta) {
    const fields = meta.fields as Record<Field, { match: boolean | null }>
    let correct = true
    for (const f of ['urgency', 'category'] as const) {
      const ok = fields[f].match ?? (values[`${f}_correct`] as boolean | null)
      if (ok === null) return { isCorrect: null } // the judge did not rule on a field only it could decide
      correct &&= ok
    }
    return { isCorrect: correct, details: { draft_quality: values.draft_quality, judge_overall_correct: values.overall_correct } }
  },
}

export async function scoreAnswer(record: EvalRecord, answer: string, ctx: ScoreContext): Promise<Score> {
  if (!answer.trim()) return emptyResponseScore(record.reference)
  const fields = exactFields(record, answer)
  const draft = /^\W*draft\W*\s*:/im.test(answer)
  const metadata = { fields, draft_present: draft }
  const matches = [fields.urgency.match, fields.category.match]
  // a wrong label is wrong whatever else the answer says; two right labels need no judge
  if (matches.includes(false)) return { isCorrect: false, expected: record.reference, reason: 'wrong_label', metadata: { ...metadata, match_type: 'exact' } }
  if (matches.every((m) => m === true)) return { isCorrect: true, expected: record.reference, metadata: { ...metadata, match_type: 'exact' } }
  const prompt = judgePrompt({ email: record.problem, reference: record.reference, response: answer })
  return judgeRubric(ctx, userMessage(prompt), RULES, { metadata, expected: record.reference, maxTokens: 512 })
}

export const rescore = (result: SampleResult): Score | null => rescoreRubric(result, RULES)
