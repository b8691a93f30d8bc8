import { createRng, DEFAULT_BOOTSTRAP_SEED, DEFAULT_RESAMPLES } from './prng.ts'
import { zFor } from './distributions.ts'
import { binomialSampler } from './binomial-sampler.ts'
import { percentileSorted } from './metric-stats.ts'

export type Interval = [lo: number, hi: number]

export interface IntervalOptions {
  /** Two-sided confidence level (default 0.95). */
  confidence?: number
  /** Bootstrap resamples (default 2000). */
  resamples?: number
  /** Bootstrap seed (default fixed, so the interval is reproducible). */
  seed?: number
}

export interface AccuracyInterval {
  accuracy: number
  /** Scored samples (the denominator). */
  n: number
  correct: number
  /** Standard error with the sample std (n−1), as inspect's stderr(): sqrt(p(1−p)/(n−1)). */
  se: number
  /** CLT interval accuracy ± z·se, clipped to [0, 1]. */
  ci: Interval
  /** Wilson score interval (better than the CLT one near 0 or 1 and for small n). */
  wilson: Interval
  /** Percentile bootstrap of the accuracy, seeded. */
  bootstrap: Interval
  confidence: number
}

const clip = (x: number) => Math.min(1, Math.max(0, x))

/** Accuracy and its 95 % intervals from counts: correct out of n scored samples. */
export function accuracyInterval(correct: number, n: number, opts: IntervalOptions = {}): AccuracyInterval {
  const confidence = opts.confidence ?? 0.95
  if (n === 0) return { accuracy: 0, n: 0, correct: 0, se: 0, ci: [0, 0], wilson: [0, 0], bootstrap: [0, 0], confidence }
  const p = correct / n
  const z = zFor(confidence)
  const se = n > 1 ? Math.sqrt((p * (1 - p)) / (n - 1)) : 0
  return {
    accuracy: p,
    n,
    correct,
    se,
    ci: [clip(p - z * se), clip(p + z * se)],
    wilson: wilsonInterval(correct, n, z),
    bootstrap: bootstrapProportion(correct, n, confidence, opts.resamples ?? DEFAULT_RESAMPLES, opts.seed ?? DEFAULT_BOOTSTRAP_SEED),
    confidence,
  }
}

export function wilsonInterval(correct: number, n: number, z: number): Interval {
  if (n === 0) return [0, 0]
  const p = correct / n
  const z2 = z * z
  const denom = 1 + z2 / n
  const centre = (p + z2 / (2 * n)) / denom
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom
  return [clip(centre - half), clip(centre + half)]
}

/** Resampling n 0/1 values with replacement: the number correct in a resample is Binomial(n, correct/n). */
function bootstrapProportion(correct: number, n: number, confidence: number, resamples: number, seed: number): Interval {
  const rng = createRng(seed)
  const draw = binomialSampler(n, correct / n)
  const out = new Float64Array(resamples)
  for (let b = 0; b < resamples; b++) out[b] = draw(rng) / n
  out.sort()
  const tail = (1 - confidence) / 2
  return [percentileSorted(out, tail), percentileSorted(out, 1 - tail)]
}
