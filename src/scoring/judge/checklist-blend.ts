// Scores that blend deterministic parts (phrases found, files named, citations) with a checklist judge, the
// shape of OpenJarvis's v2 use-case scorers (security_scanner, daily_digest, doc_qa, browser_assistant; §2.4).
//
//   scoreBlend(ctx, rules, input): Promise<Score>
//   blendFromReply(raw, rules, metadata, expected?): Score   pure: scoring and reparse-judge share it
//   rescoreBlend(result, rules): Score | null                 from a JSONL line; null when it holds no judge text
//   checklistRules(decide): BlendRules                        the usual case: one `checklist` component, the share covered
//   coveredShare(covered): number
//
// One judge call rates every item, in the numbered `<n>. yes|no — reason` format. What OpenJarvis did
// differently: a judge error scored every item 0 (a judge outage counted against the model) — here it leaves the
// sample unscored, as does a reply with no readable item (its text is kept for reparse-judge). Without any
// judge the benchmark's keyword heuristic stands in, and the line says so: `scoring_metadata.judge: "heuristic"`.
import type { SampleResult } from '../../core/sample-result.ts'
import type { Score, ScoreContext } from '../../core/score.ts'
import { buildChecklistMessages, parseChecklist } from './checklist.ts'
import { askJudge, heuristicMarks, judgeUnscored, newUsage } from './judge-call.ts'

export type Components = Record<string, number>

export interface BlendRules {
  /** The components the checklist (or, without a judge, the heuristic) supplies; the rest are deterministic. */
  judgedKeys: readonly string[]
  /** The judge's verdict per item, in item order (an item it skipped is not covered) → the judged components. */
  fromJudge(covered: boolean[], metadata: Record<string, unknown>): Components
  /** Every component → the continuous score (the JSONL `score`) and the verdict. */
  decide(components: Components, metadata: Record<string, unknown>): { score: number; isCorrect: boolean }
}

/** The share of items the judge found covered (1 for an empty checklist). */
export const coveredShare = (covered: readonly boolean[]): number => (covered.length ? covered.filter(Boolean).length / covered.length : 1)

/** Rules whose judged part is a single `checklist` component: the share of items covered. */
export const checklistRules = (decide: BlendRules['decide']): BlendRules => ({ judgedKeys: ['checklist'], fromJudge: (covered) => ({ checklist: coveredShare(covered) }), decide })

export interface BlendInput {
  /** The task as the judge sees it (usually the prompt) and the answer. */
  context: string
  response: string
  /** The checklist, each item a yes/no question the judge can answer from context and response. */
  items: string[]
  deterministic: Components
  /** The judged components without a judge (keyword rules). */
  heuristic(): Components
  metadata: Record<string, unknown>
  expected?: string
  contextChars?: number
  responseChars?: number
}

const r4 = (x: number) => Math.round(x * 1e4) / 1e4
const rounded = (c: Components): Components => Object.fromEntries(Object.entries(c).map(([k, v]) => [k, r4(v)]))

function finish(rules: BlendRules, components: Components, meta: Record<string, unknown>, expected?: string): Score {
  const { score, isCorrect } = rules.decide(components, meta)
  return { ...(expected !== undefined ? { expected } : {}), isCorrect, score: r4(score), metadata: { ...meta, components: rounded(components), final_score: r4(score) } }
}

export async function scoreBlend(ctx: ScoreContext, rules: BlendRules, input: BlendInput): Promise<Score> {
  const meta: Record<string, unknown> = { ...input.metadata, checklist_items: input.items, checklist_size: input.items.length }
  if (!ctx.judge.available) {
    return finish(rules, { ...input.deterministic, ...input.heuristic() }, { ...meta, ...heuristicMarks(ctx) }, input.expected)
  }
  const usage = newUsage()
  const messages = buildChecklistMessages({ context: input.context, response: input.response, items: input.items, contextChars: input.contextChars, responseChars: input.responseChars })
  const reply = await askJudge(ctx, messages, usage, { maxTokens: 1024 })
  const withParts = { ...meta, match_type: 'checklist_judge', components: rounded(input.deterministic), judge_usage: usage }
  if (!reply.ok) return judgeUnscored(reply, withParts, input.expected)
  return blendFromReply(reply.text, rules, withParts, input.expected)
}

const VERDICT_KEYS = ['reason', 'judge_error', 'judgments', 'covered_count', 'missing_items', 'final_score', 'judge_format']

export function blendFromReply(raw: string, rules: BlendRules, metadata: Record<string, unknown>, expected?: string): Score {
  const size = Number(metadata.checklist_size) || 0
  const parsed = parseChecklist(raw, size)
  const meta: Record<string, unknown> = Object.fromEntries(Object.entries(metadata).filter(([k]) => !VERDICT_KEYS.includes(k)))
  Object.assign(meta, { raw_judge_output: raw, judge_format: parsed.format })
  const stored = (metadata.components ?? {}) as Components
  const deterministic = Object.fromEntries(Object.entries(stored).filter(([k]) => !rules.judgedKeys.includes(k)))
  if (parsed.format === 'none' && size > 0) {
    meta.components = deterministic
    return { ...(expected !== undefined ? { expected } : {}), isCorrect: null, score: null, reason: 'judge_unparseable', metadata: { ...meta, reason: 'judge_unparseable' } }
  }
  const covered = parsed.items.map((i) => i.covered === true)
  Object.assign(meta, {
    covered_count: covered.filter(Boolean).length,
    missing_items: parsed.items.filter((i) => i.covered === null).map((i) => i.index),
    judgments: parsed.items.map((i) => ({ index: i.index, covered: i.covered === true, reason: i.reason })),
  })
  return finish(rules, { ...deterministic, ...rules.fromJudge(covered, meta) }, meta, expected)
}

export function rescoreBlend(result: SampleResult, rules: BlendRules): Score | null {
  const m = result.scoring_metadata ?? {}
  if (typeof m.raw_judge_output !== 'string' || typeof m.checklist_size !== 'number') return null
  return blendFromReply(m.raw_judge_output, rules, m, typeof m.expected === 'string' ? m.expected : undefined)
}
