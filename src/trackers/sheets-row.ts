import type { MetricStats, RunSummary } from '../core/sample-result.ts'

/** OpenJarvis's 29 columns, in order; cell A1 = "timestamp" marks a sheet whose header is written. */
export const SHEETS_HEADER = [
  'timestamp', 'benchmark', 'model', 'backend', 'total_samples', 'scored_samples', 'correct', 'accuracy', 'errors',
  'mean_latency_seconds', 'total_cost_usd', 'total_energy_joules', 'avg_power_watts', 'total_input_tokens', 'total_output_tokens',
  'latency_mean', 'latency_p90', 'latency_p95', 'energy_mean', 'energy_p90', 'throughput_mean', 'throughput_p90',
  'ipw_mean', 'ipj_mean', 'mfu_mean', 'mbu_mean', 'ttft_mean', 'ttft_p90', 'gpu_utilization_mean',
] as const

type Cell = string | number

/** One appended row; a missing stats block is written as "" as OpenJarvis does. */
export function sheetsRow(s: RunSummary, now = new Date()): Cell[] {
  const st = (b: MetricStats | null, k: keyof MetricStats): Cell => (b ? b[k] : '')
  return [
    now.toISOString(), s.benchmark, s.model, s.backend, s.total_samples, s.scored_samples, s.correct, s.accuracy, s.errors,
    s.mean_latency_seconds, s.total_cost_usd, s.total_energy_joules, s.avg_power_watts, s.total_input_tokens, s.total_output_tokens,
    st(s.latency_stats, 'mean'), st(s.latency_stats, 'p90'), st(s.latency_stats, 'p95'), st(s.energy_stats, 'mean'), st(s.energy_stats, 'p90'),
    st(s.throughput_stats, 'mean'), st(s.throughput_stats, 'p90'), st(s.ipw_stats, 'mean'), st(s.ipj_stats, 'mean'), st(s.mfu_stats, 'mean'),
    st(s.mbu_stats, 'mean'), st(s.ttft_stats, 'mean'), st(s.ttft_stats, 'p90'), st(s.gpu_utilization_stats, 'mean'),
  ]
}
