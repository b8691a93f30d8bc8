// DeepResearchBench verdict: the judge's four dimension scores (0–10), weighted by the task's dimension_weight
// (else 0.25/0.30/0.25/0.20), normalised to [0, 1]; correct at ≥ 0.5. The reply is read as JSON (the last object
// with dimension scores), else as "dimension: 7" lines (src/scoring/judge/rubric.ts). A reply missing any
// dimension is unscored with the raw text kept (OpenJarvis counted a missing dimension as 0); reparse-judge reads
// it again with the stored weights.
import type { EvalRecord } from '../../src/core/record.ts'
import type { SampleResult } from '../../src/core/sample-result.ts'
import type { Score, ScoreContext } from '../../src/core/score.ts'
import { askJudge, judgeUnscored, newUsage } from '../../src/scoring/judge/judge-call.ts'
import { userMessage } from '../../src/scoring/judge/judge-prompts.ts'
import { jsonObjects } from '../../src/scoring/judge/json-reply.ts'
import { parseRubric, type RubricField } from '../../src/scoring/judge/rubric.ts'
import { emptyResponseScore } from '../../src/scoring/judge/structured-judge.ts'
import type { Criterion } from './loader.ts'
import { criteriaRubric, DEFAULT_WEIGHTS, DIMENSIONS, GENERIC_RUBRIC, judgePrompt, type Dimension } from './prompt.ts'

export const PASS_THRESHOLD = 0.5
const FIELDS: RubricField[] = DIMENSIONS.map((name) => ({ name, kind: 'rating', min: 0, max: 10 }))
const r4 = (x: number) => Math.round(x * 1e4) / 1e4

const rating = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN
  return Number.isFinite(n) && n >= 0 && n <= 10 ? n : null
}

/** Each dimension's score, or null where the reply gives none. */
export function readDimensions(raw: string): Record<Dimension, number | null> {
  for (const o of jsonObjects(raw).reverse()) {
    const s = (o.scores && typeof o.scores === 'object' ? o.scores : o) as Record<string, unknown>
    const dims = Object.fromEntries(DIMENSIONS.map((d) => [d, rating(s[d])])) as Record<Dimension, number | null>
    if (Object.values(dims).some((v) => v !== null)) return dims
  }
  return parseRubric(raw, FIELDS) as Record<Dimension, number | null>
}

export function weightsOf(w: unknown): Record<Dimension, number> {
  const given = (w && typeof w === 'object' ? w : {}) as Record<string, unknown>
  return Object.fromEntries(DIMENSIONS.map((d) => [d, typeof given[d] === 'number' ? (given[d] as number) : DEFAULT_WEIGHTS[d]])) as Record<Dimension, number>
}

/** Pure: scoring and reparse-judge share it. */
export function rubricVerdict(raw: string, weights: Record<Dimension, number>, metadata: Record<string, unknown>): Score {
  const dims = readDimensions(raw)
  const meta: Record<string, unknown> = { ...metadata, raw_judge_output: raw, dimension_scores: dims, dimension_weights: weights }
  for (const k of ['reason', 'judge_error', 'weighted_total_0_10', 'missing_dimensions']) delete meta[k]
  const missing = DIMENSIONS.filter((d) => dims[d] === null)
  if (missing.length) return { isCorrect: null, score: null, reason: 'judge_unparseable', metadata: { ...meta, reason: 'judge_unparseable', missing_dimensions: missing } }
  const total = DIMENSIONS.reduce((a, d) => a + weights[d], 0)
  const weighted = total > 0 ? DIMENSIONS.reduce((a, d) => a + dims[d]! * weights[d], 0) / total : 0
  const score = weighted / 10
  const notes = jsonObjects(raw).reverse().find((o) => typeof o.notes === 'string')?.notes
  const ok = score >= PASS_THRESHOLD
  return { isCorrect: ok, score: r4(score), expected: `weighted rubric ≥ ${PASS_THRESHOLD * 10}/10`, extracted: `${r4(weighted)}/10`, ...(ok ? {} : { reason: 'below_threshold' }), metadata: { ...meta, weighted_total_0_10: r4(weighted), ...(notes ? { notes: String(notes).slice(0, 2000) } : {}) } }
}

export async function scoreReport(record: EvalRecord, answer: string, ctx: ScoreContext): Promise<Score> {
  if (!answer.trim()) return { ...emptyResponseScore(), score: 0 }
  const criterions = record.metadata.criterions as Record<string, Criterion[]> | undefined
  const weights = weightsOf(record.metadata.dimension_weight)
  const rubric = criterions && Object.keys(criterions).length ? criteriaRubric(criterions) : GENERIC_RUBRIC
  const usage = newUsage()
  const reply = await askJudge(ctx, userMessage(judgePrompt({ task: record.problem, report: answer, rubric })), usage, { maxTokens: 4096 })
  const metadata = { match_type: 'rubric_judge', rubric: criterions ? 'task_criteria' : 'generic', judge_usage: usage }
  if (!reply.ok) return judgeUnscored(reply, { ...metadata, dimension_weights: weights })
  return rubricVerdict(reply.text, weights, metadata)
}

export function rescore(result: SampleResult): Score | null {
  const m = result.scoring_metadata ?? {}
  if (typeof m.raw_judge_output !== 'string') return null
  return rubricVerdict(m.raw_judge_output, weightsOf(m.dimension_weights), m)
}
