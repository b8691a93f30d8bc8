import { describe, expect, test } from 'vitest'
import { metricStats, percentileSorted, round, roundStats } from '../../src/stats/metric-stats.ts'

// Expected numbers are worked by hand (and agree with numpy.percentile(..., method="linear") and
// statistics.stdev): k = (n−1)·p, value = s[f] + (k−f)·(s[f+1]−s[f]).

describe('metricStats', () => {
  test('1..10: mean, median, sample std, p90/p95/p99', () => {
    const s = metricStats([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])!
    expect(s.mean).toBe(5.5)
    expect(s.median).toBe(5.5)
    expect(s.min).toBe(1)
    expect(s.max).toBe(10)
    expect(s.std).toBeCloseTo(Math.sqrt(82.5 / 9), 12) // 3.0276503540974917
    expect(s.p90).toBeCloseTo(9.1, 12) // k = 8.1
    expect(s.p95).toBeCloseTo(9.55, 12) // k = 8.55
    expect(s.p99).toBeCloseTo(9.91, 12) // k = 8.91
  })

  test('unsorted input with an outlier: [10, 1, 3, 2]', () => {
    const s = metricStats([10, 1, 3, 2])!
    expect(s.mean).toBe(4)
    expect(s.median).toBe(2.5) // k = 1.5 between 2 and 3
    expect(s.std).toBeCloseTo(Math.sqrt(50 / 3), 12) // deviations −3 −2 −1 6 → 50 / (n−1)
    expect(s.p90).toBeCloseTo(7.9, 12) // k = 2.7 → 3 + 0.7·7
    expect(s.p95).toBeCloseTo(8.95, 12)
    expect(s.p99).toBeCloseTo(9.79, 12)
    expect([s.min, s.max]).toEqual([1, 10])
  })

  test('sorts numerically, not as strings', () => {
    const s = metricStats([10, 9, 100])!
    expect([s.min, s.median, s.max]).toEqual([9, 10, 100])
  })

  test('one value: std 0 and every percentile that value', () => {
    expect(metricStats([7])).toEqual({ mean: 7, median: 7, min: 7, max: 7, std: 0, p90: 7, p95: 7, p99: 7 })
  })

  test('no values → null', () => {
    expect(metricStats([])).toBeNull()
  })

  test('does not reorder the caller’s array', () => {
    const v = [3, 1, 2]
    metricStats(v)
    expect(v).toEqual([3, 1, 2])
  })
})

describe('percentileSorted', () => {
  test.each([
    [[1, 2, 3, 4], 0, 1],
    [[1, 2, 3, 4], 1, 4],
    [[1, 2, 3, 4], 0.5, 2.5],
    [[1, 2, 3, 4], 0.25, 1.75],
    [[0, 10], 0.9, 9],
  ])('%j at %d → %d', (sorted, p, v) => {
    expect(percentileSorted(sorted, p)).toBeCloseTo(v, 12)
  })
  test('empty → NaN', () => {
    expect(percentileSorted([], 0.5)).toBeNaN()
  })
})

describe('rounding', () => {
  test('round and roundStats', () => {
    expect(round(0.72222222, 4)).toBe(0.7222)
    expect(round(2 / 3, 4)).toBe(0.6667)
    expect(roundStats(null)).toBeNull()
    expect(roundStats(metricStats([1, 2]), 3)).toEqual({ mean: 1.5, median: 1.5, min: 1, max: 2, std: 0.707, p90: 1.9, p95: 1.95, p99: 1.99 })
  })
})
