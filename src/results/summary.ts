import { metricStats, round, roundStats } from '../stats/metric-stats.ts'
import { readResults, type ReadIssue } from './read-results.ts'
import { readTelemetryTotals } from './telemetry-summary.ts'
import type { RunSummary, SampleResult } from '../core/sample-result.ts'
import { summaryPathFor } from './run-files.ts'
import { writeFileAtomic } from './write.ts'
import { HEURISTIC_JUDGE } from '../scoring/judge/judge-call.ts'

export interface SummaryContext {
  outputPath: string
  startedAt: number
  endedAt: number
  /** Used when the file is empty; otherwise taken from the lines. */
  benchmark?: string
  model?: string
  backend?: string
  category?: string
  seed?: number | null
  telemetryNote?: string | null
}

/** Streams numbers per metric; holds one float per sample per metric, never the records. */
class SummaryAccumulator {
  total = 0
  scored = 0
  correct = 0
  errors = 0
  cost = 0
  energy = 0
  inTokens = 0
  outTokens = 0
  duplicates = 0
  cacheHits = 0
  readonly seen = new Set<string>()
  readonly perSubject = new Map<string, { total: number; scored: number; correct: number }>()
  readonly unscored: Record<string, number> = {}
  readonly errorKinds: Record<string, number> = {}
  readonly judge = { calls: 0, prompt_tokens: 0, completion_tokens: 0, cost_usd: 0, heuristic_samples: 0 }
  readonly v: Record<string, number[]> = {
    accuracy: [], latency: [], ttft: [], energy: [], power: [], util: [], throughput: [], mfu: [], mbu: [], ipw: [], ipj: [], in: [], out: [],
  }
  first: SampleResult | null = null
  categories = new Set<string>()

  add(r: SampleResult): void {
    if (this.seen.has(r.record_id)) {
      this.duplicates++
      return
    }
    this.seen.add(r.record_id)
    this.first ??= r
    this.total++
    const subject = r.subject || 'general'
    const s = this.perSubject.get(subject) ?? { total: 0, scored: 0, correct: 0 }
    s.total++
    this.perSubject.set(subject, s)
    if (r.category) this.categories.add(r.category)
    const meta = (r.scoring_metadata ?? {}) as Record<string, unknown>
    if (r.error) {
      this.errors++
      const kind = typeof meta.error_kind === 'string' ? meta.error_kind : 'other'
      this.errorKinds[kind] = (this.errorKinds[kind] ?? 0) + 1
    }
    if (r.is_correct !== null && r.is_correct !== undefined) {
      this.scored++
      s.scored++
      this.v.accuracy.push(r.is_correct ? 1 : 0)
      if (r.is_correct) {
        this.correct++
        s.correct++
      }
    } else if (!r.error) {
      const reason = typeof meta.reason === 'string' ? meta.reason : 'unscored'
      this.unscored[reason] = (this.unscored[reason] ?? 0) + 1
    }
    if (meta.judge === HEURISTIC_JUDGE) this.judge.heuristic_samples++
    const ju = meta.judge_usage as { calls?: number; prompt_tokens?: number; completion_tokens?: number; cost_usd?: number } | undefined
    if (ju) {
      this.judge.calls += ju.calls ?? 0
      this.judge.prompt_tokens += ju.prompt_tokens ?? 0
      this.judge.completion_tokens += ju.completion_tokens ?? 0
      this.judge.cost_usd += ju.cost_usd ?? 0
    }
    this.cost += r.cost_usd || 0
    this.energy += r.energy_joules || 0
    this.inTokens += r.prompt_tokens || 0
    this.outTokens += r.completion_tokens || 0
    // A cached answer took no time and no energy on the device: its numbers would skew the stats.
    if (meta.cache_hit === true) {
      this.cacheHits++
      return
    }
    const push = (k: string, x: number) => {
      if (x > 0) this.v[k].push(x)
    }
    push('latency', r.latency_seconds)
    push('ttft', r.ttft)
    push('energy', r.energy_joules)
    push('power', r.power_watts)
    push('util', r.gpu_utilization_pct)
    push('throughput', r.throughput_tok_per_sec)
    push('mfu', r.mfu_pct)
    push('mbu', r.mbu_pct)
    push('in', r.prompt_tokens)
    push('out', r.completion_tokens)
    // IPW/IPJ over every scored sample with power/energy data, wrong ones as 0
    // (OpenJarvis averaged only the correct ones, which hides the accuracy term).
    if (r.is_correct !== null && r.power_watts > 0) this.v.ipw.push(r.ipw)
    if (r.is_correct !== null && r.energy_joules > 0) this.v.ipj.push(r.ipj)
  }

  summary(ctx: SummaryContext): RunSummary {
    const st = (k: string) => roundStats(metricStats(this.v[k]))
    const per: RunSummary['per_subject'] = {}
    for (const key of [...this.perSubject.keys()].sort()) {
      const s = this.perSubject.get(key)!
      per[key] = { accuracy: s.scored ? round(s.correct / s.scored, 4) : 0, total: s.total, scored: s.scored, correct: s.correct }
    }
    const first = this.first
    const latency = this.v.latency
    const power = this.v.power
    return {
      benchmark: first?.benchmark ?? ctx.benchmark ?? '',
      category: this.categories.size === 1 ? [...this.categories][0] : (ctx.category ?? first?.benchmark ?? ctx.benchmark ?? ''),
      backend: first?.backend ?? ctx.backend ?? 'jarvis-direct',
      model: first?.model ?? ctx.model ?? '',
      total_samples: this.total,
      scored_samples: this.scored,
      correct: this.correct,
      accuracy: this.scored ? round(this.correct / this.scored, 4) : 0,
      errors: this.errors,
      mean_latency_seconds: latency.length ? round(latency.reduce((a, b) => a + b, 0) / latency.length, 4) : 0,
      total_cost_usd: round(this.cost, 6),
      per_subject: per,
      started_at: ctx.startedAt,
      ended_at: ctx.endedAt,
      accuracy_stats: st('accuracy'),
      latency_stats: st('latency'),
      ttft_stats: st('ttft'),
      energy_stats: st('energy'),
      power_stats: st('power'),
      gpu_utilization_stats: st('util'),
      throughput_stats: st('throughput'),
      mfu_stats: st('mfu'),
      mbu_stats: st('mbu'),
      ipw_stats: st('ipw'),
      ipj_stats: st('ipj'),
      input_token_stats: st('in'),
      output_token_stats: st('out'),
      total_energy_joules: round(this.energy, 6),
      avg_power_watts: power.length ? round(power.reduce((a, b) => a + b, 0) / power.length, 6) : 0,
      total_input_tokens: this.inTokens,
      total_output_tokens: this.outTokens,
      unscored_reasons: this.unscored,
      cache_hits: this.cacheHits,
      errors_by_kind: this.errorKinds,
      judge: { ...this.judge, cost_usd: round(this.judge.cost_usd, 6) },
      telemetry_note: ctx.telemetryNote ?? null,
      telemetry: null,
      seed: ctx.seed ?? null,
      output_path: ctx.outputPath,
    }
  }
}

/** Computes the run summary by streaming the JSONL (memory stays flat as N grows). */
export async function summarizeFile(ctx: SummaryContext, onIssue?: (issue: ReadIssue) => void): Promise<RunSummary> {
  const acc = new SummaryAccumulator()
  for await (const r of readResults(ctx.outputPath, onIssue)) acc.add(r)
  const telemetry = readTelemetryTotals(ctx.outputPath)
  const s = acc.summary({ ...ctx, telemetryNote: ctx.telemetryNote ?? telemetry?.note ?? null })
  return { ...s, telemetry }
}

/** The same, over results already in memory (tests, small files). */
export function summarizeResults(results: Iterable<SampleResult>, ctx: SummaryContext): RunSummary {
  const acc = new SummaryAccumulator()
  for (const r of results) acc.add(r)
  return acc.summary(ctx)
}

/** Summarises the JSONL and writes `{output}.summary.json` atomically: the one writer of summaries. */
export async function writeSummary(ctx: SummaryContext): Promise<RunSummary> {
  const s = await summarizeFile(ctx)
  writeFileAtomic(summaryPathFor(ctx.outputPath), `${JSON.stringify(s, null, 2)}\n`)
  return s
}
