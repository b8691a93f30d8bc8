// A small seeded PRNG so every bootstrap interval is reproducible: same data + same seed → same CI.
// mulberry32 (32-bit state) is plenty for resampling indices; it is not for cryptography.

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number
  /** Uniform integer in [0, n). */
  int(n: number): number
}

export function createRng(seed: number): Rng {
  let a = (Math.trunc(seed) ^ 0x9e3779b9) >>> 0
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return { next, int: (n) => Math.floor(next() * n) }
}

/** Default seed for bootstrap intervals (any fixed number; printed nowhere because it never matters). */
export const DEFAULT_BOOTSTRAP_SEED = 20240601
export const DEFAULT_RESAMPLES = 2000
