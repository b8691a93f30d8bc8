import { zFor } from './distributions.ts'
import { createRng, DEFAULT_BOOTSTRAP_SEED, DEFAULT_RESAMPLES } from './prng.ts'
import { percentileSorted } from './metric-stats.ts'
import type { Interval, IntervalOptions } from './accuracy-ci.ts'

export interface MeanInterval {
  mean: number
  n: number
  /** Sample std (n−1) / sqrt(n). */
  se: number
  /** CLT interval mean ± z·se. */
  ci: Interval
  /** Percentile bootstrap of the mean (only when asked: it costs n·resamples draws). */
  bootstrap?: Interval
}

/**
 * Mean and CI of a per-sample metric (latency, tokens, cost, energy). Callers pick the values that count
 * (the summary drops values ≤ 0 as "not measured"); an empty list gives null.
 */
export function meanInterval(values: ArrayLike<number>, opts: IntervalOptions & { bootstrap?: boolean } = {}): MeanInterval | null {
  const n = values.length
  if (n === 0) return null
  let sum = 0
  for (let i = 0; i < n; i++) sum += values[i]
  const mean = sum / n
  let sq = 0
  for (let i = 0; i < n; i++) sq += (values[i] - mean) ** 2
  const se = n > 1 ? Math.sqrt(sq / (n - 1)) / Math.sqrt(n) : 0
  const z = zFor(opts.confidence ?? 0.95)
  const out: MeanInterval = { mean, n, se, ci: [mean - z * se, mean + z * se] }
  if (opts.bootstrap) out.bootstrap = bootstrapMean(values, opts)
  return out
}

function bootstrapMean(values: ArrayLike<number>, opts: IntervalOptions): Interval {
  const n = values.length
  const resamples = opts.resamples ?? DEFAULT_RESAMPLES
  const rng = createRng(opts.seed ?? DEFAULT_BOOTSTRAP_SEED)
  const out = new Float64Array(resamples)
  for (let b = 0; b < resamples; b++) {
    let s = 0
    for (let i = 0; i < n; i++) s += values[rng.int(n)]
    out[b] = s / n
  }
  out.sort()
  const tail = (1 - (opts.confidence ?? 0.95)) / 2
  return [percentileSorted(out, tail), percentileSorted(out, 1 - tail)]
}
