import { readResults } from '../results/read-results.ts'
import type { RunSummary, SampleResult } from '../core/sample-result.ts'
import { summarizeFile } from '../results/summary.ts'
import { accuracyInterval, type AccuracyInterval } from '../stats/accuracy-ci.ts'
import { meanInterval, type MeanInterval } from '../stats/mean-ci.ts'
import { toFailedSample, type FailedSample } from './failed-sample.ts'
import { readSummaryFile, type RunPaths } from '../results/run-files.ts'
import { attachTranscripts } from './transcripts.ts'

/** Everything compare/report/html show about one run, gathered in one streaming pass over its JSONL. */
export interface RunData {
  paths: RunPaths
  summary: RunSummary
  /** Where the summary came from. */
  summarySource: 'summary.json' | 'jsonl'
  accuracy: AccuracyInterval
  /** Per-sample means with CLT CIs; null without a JSONL or without values. */
  metrics: Record<MetricKey, MeanInterval | null>
  /** Latencies > 0 (cache hits left out), for percentiles and the histogram. */
  latencies: number[]
  /** is_correct by record id (first line wins), for pairing two runs; null without a JSONL. */
  verdicts: Map<string, boolean | null> | null
  failures: FailedSample[]
  failuresTotal: number
  /** Mean of record[metric] over non-null numeric values, for `compare --metric` on a line key. */
  lineMetric: number | null
  notes: string[]
}

export const METRIC_KEYS = ['latency', 'prompt_tokens', 'completion_tokens', 'cost', 'energy'] as const
export type MetricKey = (typeof METRIC_KEYS)[number]

export interface LoadRunOptions {
  /** A JSONL key to average for compare (e.g. "latency_seconds"). */
  lineMetric?: string
  /** Failed samples to keep for the HTML table (default 20 000, all in practice; the page pages them); the total is still counted. */
  failuresLimit?: number
}

export async function loadRun(paths: RunPaths, opts: LoadRunOptions = {}): Promise<RunData> {
  const notes: string[] = []
  let summary = paths.summary ? readSummaryFile(paths.summary, (m) => notes.push(m)) : null
  let summarySource: RunData['summarySource'] = 'summary.json'
  if (!summary && paths.jsonl) {
    summary = await summarizeFile({ outputPath: paths.jsonl, startedAt: 0, endedAt: 0 })
    summarySource = 'jsonl'
  }
  if (!summary) throw new Error(`unreachable: ${paths.input} has neither a valid summary nor a JSONL`)
  const metrics = Object.fromEntries(METRIC_KEYS.map((k) => [k, null])) as RunData['metrics']
  const data: RunData = { paths, summary, summarySource, accuracy: accuracyInterval(summary.correct, summary.scored_samples), metrics, latencies: [], verdicts: null, failures: [], failuresTotal: 0, lineMetric: null, notes }
  if (!paths.jsonl) return data

  const limit = opts.failuresLimit ?? 20_000
  const values: Record<MetricKey, number[]> = { latency: [], prompt_tokens: [], completion_tokens: [], cost: [], energy: [] }
  const verdicts = new Map<string, boolean | null>()
  let lineSum = 0
  let lineN = 0
  let skipped = 0
  for await (const r of readResults(paths.jsonl, () => skipped++)) {
    if (verdicts.has(r.record_id)) continue
    verdicts.set(r.record_id, r.is_correct ?? null)
    const f = toFailedSample(r)
    if (f) {
      data.failuresTotal++
      if (data.failures.length < limit) data.failures.push(f)
    }
    if (opts.lineMetric) {
      const v = (r as unknown as Record<string, unknown>)[opts.lineMetric]
      if (typeof v === 'number' && Number.isFinite(v)) (lineSum += v), lineN++
      else if (typeof v === 'boolean') (lineSum += Number(v)), lineN++
    }
    addValues(values, r)
  }
  if (skipped) notes.push(`${paths.jsonl}: ${skipped} unreadable line(s) skipped`)
  await attachTranscripts(paths.jsonl, summary.benchmark, summary.model, data.failures)
  for (const k of METRIC_KEYS) metrics[k] = meanInterval(values[k])
  data.latencies = values.latency
  data.verdicts = verdicts
  data.lineMetric = lineN ? lineSum / lineN : null
  return data
}

// Same inclusion rules as the summary: values ≤ 0 are "not measured", cached answers cost no device time.
function addValues(v: Record<MetricKey, number[]>, r: SampleResult): void {
  v.cost.push(r.cost_usd || 0)
  if ((r.scoring_metadata as Record<string, unknown> | undefined)?.cache_hit === true) return
  if (r.latency_seconds > 0) v.latency.push(r.latency_seconds)
  if (r.prompt_tokens > 0) v.prompt_tokens.push(r.prompt_tokens)
  if (r.completion_tokens > 0) v.completion_tokens.push(r.completion_tokens)
  if (r.energy_joules > 0) v.energy.push(r.energy_joules)
}
