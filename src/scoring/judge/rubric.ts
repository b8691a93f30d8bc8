// Rubric judges: a reply of named fields, one per line ("completeness: 4", "key_priorities_covered: partial",
// "overall_correct: yes"), as OpenJarvis's use-case judges ask for (morning_brief, research_mining,
// knowledge_base, email_triage; openjarvis-evals.md §2.4).
//
//   rubricReplyFormat(fields): string                  the reply-format block that ends the judge prompt
//   parseRubric(text, fields): RubricValues            each field's LAST readable line; null when absent
//   rubricScore(raw, rules, metadata, expected?)       pure: scoring and reparse-judge share it
//   judgeRubric(ctx, messages, rules, opts): Promise<Score>     opts.heuristic: the verdict when no judge is available
//   rescoreRubric(result, rules): Score | null         from a JSONL line; null when it holds no judge text
//   averageRating(values, names): number | null         the mean of the named ratings, null unless all are there
//
// OpenJarvis read the FIRST digit of a rating and put 3 in for a missing one, so a reply that skipped a
// dimension still averaged to a verdict. Here a missing field stays null and the benchmark's `decide` says
// what it can conclude; when it cannot, the sample is unscored with the raw reply kept.
import type { ChatMessage } from '../../core/messages.ts'
import type { SampleResult } from '../../core/sample-result.ts'
import type { Score, ScoreContext } from '../../core/score.ts'
import { askJudge, heuristicMarks, judgeUnscored, newUsage } from './judge-call.ts'
import { field, yesNo } from './verdict.ts'

export type RubricField =
  | { name: string; kind: 'rating'; min?: number; max?: number }
  | { name: string; kind: 'choice'; choices: readonly string[] }
  | { name: string; kind: 'yesno' }
  | { name: string; kind: 'text' }

export type RubricValue = number | string | boolean | null
export type RubricValues = Record<string, RubricValue>

export interface RubricDecision {
  /** null: the fields the judge gave do not decide the sample (it is unscored, judge_unparseable). */
  isCorrect: boolean | null
  score?: number
  /** Extra metadata the decision derived (averages, which field decided). */
  details?: Record<string, unknown>
}

export interface RubricRules {
  fields: readonly RubricField[]
  decide(values: RubricValues, metadata: Record<string, unknown>): RubricDecision
}

const template = (f: RubricField): string => {
  if (f.kind === 'rating') return `<${f.min ?? 1}-${f.max ?? 5}>`
  if (f.kind === 'choice') return `<${f.choices.join('|')}>`
  if (f.kind === 'yesno') return '<yes or no>'
  return '<one or two sentences>'
}

export function rubricReplyFormat(fields: readonly RubricField[]): string {
  return ['Reply in exactly this format, one field per line:', ...fields.map((f) => `${f.name}: ${template(f)}`)].join('\n')
}

const keyOf = (name: string) => new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/_/g, '[_ ]'))

function readValue(f: RubricField, value: string): RubricValue {
  const v = value.replace(/[*_`"']/g, ' ').trim().toLowerCase()
  if (!v || v.startsWith('<')) return null // an echoed template
  if (f.kind === 'text') return value.trim()
  if (f.kind === 'yesno') return yesNo(value)
  if (f.kind === 'rating') {
    const m = /^(\d+(?:\.\d+)?)/.exec(v)
    const n = m ? Number(m[1]) : NaN
    return n >= (f.min ?? 1) && n <= (f.max ?? 5) ? n : null
  }
  // a whole word ("no", not "none"); a longer choice also takes its inflections ("partially" → partial)
  const choice = [...f.choices].sort((a, b) => b.length - a.length).find((c) => new RegExp(`^${c}(?![a-z])`).test(v) || (c.length >= 4 && v.startsWith(c)))
  return choice ?? null
}

export function parseRubric(text: string, fields: readonly RubricField[]): RubricValues {
  const lines = (text ?? '').replace(/```[a-z]*\n?/gi, '\n').split(/\r?\n/)
  const out: RubricValues = Object.fromEntries(fields.map((f) => [f.name, null]))
  for (const f of fields) {
    const key = keyOf(f.name)
    for (const line of lines) {
      const raw = field(line, key)
      if (raw === null) continue
      const v = readValue(f, raw)
      if (v !== null) out[f.name] = v // the last readable line wins
    }
  }
  return out
}

export function averageRating(values: RubricValues, names: readonly string[]): number | null {
  const ratings = names.map((k) => values[k]).filter((x): x is number => typeof x === 'number')
  return ratings.length === names.length && names.length > 0 ? ratings.reduce((a, b) => a + b, 0) / ratings.length : null
}

const VERDICT_KEYS = ['reason', 'judge_error', 'rubric', 'raw_judge_output']

export function rubricScore(raw: string, rules: RubricRules, metadata: Record<string, unknown>, expected?: string): Score {
  const values = parseRubric(raw, rules.fields)
  const meta: Record<string, unknown> = Object.fromEntries(Object.entries(metadata).filter(([k]) => !VERDICT_KEYS.includes(k)))
  Object.assign(meta, { match_type: 'judge', raw_judge_output: raw, rubric: values })
  const base = expected !== undefined ? { expected } : {}
  const any = Object.values(values).some((v) => v !== null)
  const d: RubricDecision = any ? rules.decide(values, meta) : { isCorrect: null }
  Object.assign(meta, d.details ?? {})
  if (d.isCorrect === null) return { ...base, isCorrect: null, score: null, reason: 'judge_unparseable', metadata: { ...meta, reason: 'judge_unparseable' } }
  return { ...base, isCorrect: d.isCorrect, ...(d.score !== undefined ? { score: d.score } : {}), metadata: meta }
}

export interface JudgeRubricOptions {
  metadata?: Record<string, unknown>
  expected?: string
  maxTokens?: number
  /** Without a judge: a keyword verdict, marked `judge: "heuristic"` (else the sample is unscored). */
  heuristic?: () => { isCorrect: boolean; score: number; details: Record<string, unknown> }
}

export async function judgeRubric(ctx: ScoreContext, messages: ChatMessage[], rules: RubricRules, opts: JudgeRubricOptions = {}): Promise<Score> {
  if (!ctx.judge.available && opts.heuristic) {
    const h = opts.heuristic()
    return { ...(opts.expected !== undefined ? { expected: opts.expected } : {}), isCorrect: h.isCorrect, score: h.score, metadata: { ...opts.metadata, ...h.details, match_type: 'heuristic', ...heuristicMarks(ctx) } }
  }
  const usage = newUsage()
  const reply = await askJudge(ctx, messages, usage, { maxTokens: opts.maxTokens ?? 1024 })
  const metadata = { ...opts.metadata, match_type: 'judge', judge_usage: usage }
  if (!reply.ok) return judgeUnscored(reply, metadata, opts.expected)
  return rubricScore(reply.text, rules, metadata, opts.expected)
}

export function rescoreRubric(result: SampleResult, rules: RubricRules): Score | null {
  const m = result.scoring_metadata ?? {}
  if (typeof m.raw_judge_output !== 'string') return null
  const expected = typeof m.expected === 'string' ? m.expected : undefined
  return rubricScore(m.raw_judge_output, rules, m, expected)
}
