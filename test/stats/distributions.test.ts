import { describe, expect, test } from 'vitest'
import { binomialCdf, logGamma, normalQuantile, zFor } from '../../src/stats/distributions.ts'

describe('distributions', () => {
  test('normal quantile gives the familiar z values', () => {
    expect(zFor(0.95)).toBeCloseTo(1.959964, 5)
    expect(normalQuantile(0.05)).toBeCloseTo(-1.644854, 5)
    expect(normalQuantile(0.5)).toBe(0)
    expect(normalQuantile(1e-6)).toBeCloseTo(-4.753424, 4)
  })

  test('log-gamma matches log factorials', () => {
    expect(logGamma(11)).toBeCloseTo(Math.log(3628800), 10)
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 10)
  })

  test('binomial CDF is exact for small n', () => {
    expect(binomialCdf(2, 10)).toBeCloseTo(56 / 1024, 12)
    expect(binomialCdf(0, 10)).toBeCloseTo(1 / 1024, 12)
    expect(binomialCdf(10, 10)).toBe(1)
    expect(binomialCdf(-1, 10)).toBe(0)
  })

  test('binomial CDF stays finite where 2^-n underflows', () => {
    // n = 20000: P(X ≤ n/2 − 100) ≈ Φ(−100/70.7) ≈ 0.0786 (continuity-corrected normal ≈ 0.0788)
    const p = binomialCdf(9900, 20000)
    expect(p).toBeGreaterThan(0.075)
    expect(p).toBeLessThan(0.082)
  })
})

describe('binomial sampler', () => {
  test('draws match Binomial(n, p) moments, and the edges are exact', async () => {
    const { binomialSampler } = await import('../../src/stats/binomial-sampler.ts')
    const { createRng } = await import('../../src/stats/prng.ts')
    const rng = createRng(3)
    const draw = binomialSampler(1000, 0.07)
    const xs = Array.from({ length: 20_000 }, () => draw(rng))
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length
    const variance = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1)
    expect(mean).toBeCloseTo(70, 0)
    expect(variance / (1000 * 0.07 * 0.93)).toBeGreaterThan(0.95)
    expect(variance / (1000 * 0.07 * 0.93)).toBeLessThan(1.05)
    expect(binomialSampler(50, 0)(rng)).toBe(0)
    expect(binomialSampler(50, 1)(rng)).toBe(50)
    const small = binomialSampler(3, 0.5)
    const seen = new Set(Array.from({ length: 200 }, () => small(rng)))
    expect([...seen].sort()).toEqual([0, 1, 2, 3])
  })
})
