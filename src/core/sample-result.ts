import { z } from 'zod'
import { TelemetryTotalsSchema } from './telemetry-totals.ts'

/** MetricStats: OpenJarvis's block (mean, median, min, max, sample std) plus p90/p95/p99. */
export const MetricStatsSchema = z.object({
  mean: z.number(),
  median: z.number(),
  min: z.number(),
  max: z.number(),
  std: z.number(),
  p90: z.number(),
  p95: z.number(),
  p99: z.number(),
})
export type MetricStats = z.infer<typeof MetricStatsSchema>

/**
 * One JSONL line per sample. The first 22 keys are the spec's table, in the spec's order and types;
 * the trailing keys are ours (subject/category feed per_subject and the summary after a crash or resume).
 */
export const SampleResultSchema = z.object({
  record_id: z.string(),
  benchmark: z.string(),
  model: z.string(),
  backend: z.string(),
  model_answer: z.string(),
  is_correct: z.boolean().nullable(),
  score: z.number().nullable(),
  latency_seconds: z.number(),
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  cost_usd: z.number(),
  error: z.string().nullable(),
  scoring_metadata: z.record(z.string(), z.unknown()),
  ttft: z.number(),
  energy_joules: z.number(),
  power_watts: z.number(),
  gpu_utilization_pct: z.number(),
  throughput_tok_per_sec: z.number(),
  mfu_pct: z.number(),
  mbu_pct: z.number(),
  ipw: z.number(),
  ipj: z.number(),
  // --- ours, after the spec's fields ---
  subject: z.string(),
  category: z.string(),
  energy_per_output_token_joules: z.number(),
  throughput_per_watt: z.number(),
  mean_itl_ms: z.number(),
  estimated_flops: z.number(),
})
export type SampleResult = z.infer<typeof SampleResultSchema>

/** The spec's order of the JSONL keys; the writer emits keys in exactly this order. */
export const SAMPLE_RESULT_KEYS = Object.keys(SampleResultSchema.shape) as (keyof SampleResult)[]

export const SubjectBreakdownSchema = z.object({
  accuracy: z.number(),
  total: z.number(),
  scored: z.number(),
  correct: z.number(),
})

const Stats = MetricStatsSchema.nullable()

export const RunSummarySchema = z.object({
  benchmark: z.string(),
  category: z.string(),
  backend: z.string(),
  model: z.string(),
  total_samples: z.number().int(),
  scored_samples: z.number().int(),
  correct: z.number().int(),
  accuracy: z.number(),
  errors: z.number().int(),
  mean_latency_seconds: z.number(),
  total_cost_usd: z.number(),
  per_subject: z.record(z.string(), SubjectBreakdownSchema),
  started_at: z.number(),
  ended_at: z.number(),
  accuracy_stats: Stats,
  latency_stats: Stats,
  ttft_stats: Stats,
  energy_stats: Stats,
  power_stats: Stats,
  gpu_utilization_stats: Stats,
  throughput_stats: Stats,
  mfu_stats: Stats,
  mbu_stats: Stats,
  ipw_stats: Stats,
  ipj_stats: Stats,
  input_token_stats: Stats,
  output_token_stats: Stats,
  total_energy_joules: z.number(),
  // --- ours ---
  avg_power_watts: z.number(),
  total_input_tokens: z.number().int(),
  total_output_tokens: z.number().int(),
  unscored_reasons: z.record(z.string(), z.number().int()),
  /** Samples answered from the response cache (--cache); excluded from latency/energy stats. */
  cache_hits: z.number().int(),
  errors_by_kind: z.record(z.string(), z.number().int()),
  judge: z.object({
    calls: z.number().int(),
    prompt_tokens: z.number().int(),
    completion_tokens: z.number().int(),
    cost_usd: z.number(),
    /** Samples a keyword heuristic scored because no judge was available (scoring_metadata.judge: "heuristic"). */
    heuristic_samples: z.number().int().default(0),
  }),
  telemetry_note: z.string().nullable(),
  /** Device-level energy of the run: source, scope, device vs per-sample vs idle energy. */
  telemetry: TelemetryTotalsSchema.nullable(),
  seed: z.number().int().nullable(),
  output_path: z.string(),
})
export type RunSummary = z.infer<typeof RunSummarySchema>
