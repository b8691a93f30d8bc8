import type { Rng } from './prng.ts'

// Exact draws from Binomial(n, p) by inverting its CDF over a window of ±12 standard deviations around the
// mode (the mass outside is below 1e-30). A bootstrap of a proportion or of a paired difference only needs
// such counts, so a resample costs O(sd) instead of O(n): 2000 resamples of 100 000 samples stay instant.

export type Sampler = (rng: Rng) => number

export function binomialSampler(n: number, p: number): Sampler {
  if (n <= 0 || p <= 0) return () => 0
  if (p >= 1) return () => n
  const sd = Math.sqrt(n * p * (1 - p))
  const mode = Math.min(n, Math.floor((n + 1) * p))
  const lo = Math.max(0, Math.floor(mode - 12 * sd - 5))
  const hi = Math.min(n, Math.ceil(mode + 12 * sd + 5))
  // Relative pmf: 1 at the mode, then the ratio recurrence outwards (no factorials, no underflow at the mode).
  const w = new Float64Array(hi - lo + 1)
  const r = p / (1 - p)
  w[mode - lo] = 1
  for (let k = mode; k < hi; k++) w[k + 1 - lo] = (w[k - lo] * (n - k) * r) / (k + 1)
  for (let k = mode; k > lo; k--) w[k - 1 - lo] = (w[k - lo] * k) / ((n - k + 1) * r)
  let total = 0
  for (let i = 0; i < w.length; i++) w[i] = total += w[i]
  return (rng) => {
    const u = rng.next() * total
    let a = 0
    let b = w.length - 1
    while (a < b) {
      const m = (a + b) >> 1
      if (w[m] > u) b = m
      else a = m + 1
    }
    return lo + a
  }
}

/** One draw (builds the table each time: for a conditional binomial whose n changes per resample). */
export const drawBinomial = (rng: Rng, n: number, p: number): number => binomialSampler(n, p)(rng)
