import type { MetricStats } from '../core/sample-result.ts'

// OpenJarvis's MetricStats: sample std (n−1, 0 when n = 1) and numpy-"linear" percentiles.
// Callers decide which values count (most metrics drop values ≤ 0 = "not measured").

/** Stats over values, or null when there are none. */
export function metricStats(values: readonly number[]): MetricStats | null {
  const n = values.length
  if (n === 0) return null
  const sorted = Float64Array.from(values).sort()
  let sum = 0
  for (const v of sorted) sum += v
  const mean = sum / n
  let sq = 0
  for (const v of sorted) sq += (v - mean) ** 2
  const std = n > 1 ? Math.sqrt(sq / (n - 1)) : 0
  return {
    mean,
    median: percentileSorted(sorted, 0.5),
    min: sorted[0],
    max: sorted[n - 1],
    std,
    p90: percentileSorted(sorted, 0.9),
    p95: percentileSorted(sorted, 0.95),
    p99: percentileSorted(sorted, 0.99),
  }
}

/** Linear interpolation between closest ranks (numpy's default), p in [0, 1]. */
export function percentileSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length
  if (n === 0) return NaN
  const k = (n - 1) * p
  const f = Math.floor(k)
  const c = Math.min(f + 1, n - 1)
  return sorted[f] + (k - f) * (sorted[c] - sorted[f])
}

/** Rounds every number of a stats block (for summary.json). */
export function roundStats(s: MetricStats | null, digits = 6): MetricStats | null {
  if (!s) return null
  const r = (x: number) => round(x, digits)
  return { mean: r(s.mean), median: r(s.median), min: r(s.min), max: r(s.max), std: r(s.std), p90: r(s.p90), p95: r(s.p95), p99: r(s.p99) }
}

export function round(x: number, digits: number): number {
  const f = 10 ** digits
  return Math.round(x * f) / f
}
