import { describe, expect, test } from 'vitest'
import { accuracyInterval } from '../../src/stats/accuracy-ci.ts'
import { meanInterval } from '../../src/stats/mean-ci.ts'

describe('accuracy intervals', () => {
  test('CLT interval uses the n−1 standard error, Wilson the score interval', () => {
    const a = accuracyInterval(80, 100)
    expect(a.accuracy).toBe(0.8)
    expect(a.se).toBeCloseTo(Math.sqrt(0.16 / 99), 12)
    expect(a.ci[0]).toBeCloseTo(0.8 - 1.959964 * a.se, 5)
    expect(a.wilson[0]).toBeCloseTo(0.7112, 4)
    expect(a.wilson[1]).toBeCloseTo(0.8666, 4)
  })

  test('bootstrap interval is reproducible for a seed and close to the CLT one', () => {
    const a = accuracyInterval(613, 787, { seed: 7 })
    const b = accuracyInterval(613, 787, { seed: 7 })
    const c = accuracyInterval(613, 787, { seed: 8 })
    expect(a.bootstrap).toEqual(b.bootstrap)
    expect(c.bootstrap).not.toEqual(a.bootstrap)
    expect(Math.abs(a.bootstrap[0] - a.ci[0])).toBeLessThan(0.006)
    expect(Math.abs(a.bootstrap[1] - a.ci[1])).toBeLessThan(0.006)
  })

  test('an all-correct run has a zero-width CLT interval but an honest Wilson one', () => {
    const a = accuracyInterval(20, 20)
    expect(a.ci).toEqual([1, 1])
    expect(a.wilson[0]).toBeCloseTo(0.8389, 3)
  })

  test('no scored sample gives zeros, not NaN', () => {
    expect(accuracyInterval(0, 0)).toMatchObject({ accuracy: 0, n: 0, ci: [0, 0] })
  })

  test('mean interval of a metric uses the sample std over sqrt(n)', () => {
    const m = meanInterval([1, 2, 3, 4, 5], { bootstrap: true })!
    expect(m.mean).toBe(3)
    expect(m.se).toBeCloseTo(Math.sqrt(2.5) / Math.sqrt(5), 12)
    expect(m.bootstrap![0]).toBeGreaterThan(1.5)
    expect(m.bootstrap![1]).toBeLessThan(4.5)
    expect(meanInterval([])).toBeNull()
  })
})
