import { describe, expect, test } from 'vitest'
import { mcnemarExact, pairedBootstrapDelta, pairVerdicts } from '../../src/stats/paired.ts'

describe('paired comparison', () => {
  test('pairs by record id, leaves unscored samples out and lists regressions first', () => {
    const b = new Map<string, boolean | null>([['gpqa-a', true], ['gpqa-b', false], ['gpqa-c', true], ['gpqa-d', null], ['gpqa-e', true]])
    const c = new Map<string, boolean | null>([['gpqa-e', true], ['gpqa-c', false], ['gpqa-b', true], ['gpqa-a', true], ['gpqa-d', true], ['gpqa-z', true]])
    const p = pairVerdicts(b, c)
    expect(p.counts).toEqual({ n: 4, both: 2, neither: 0, baselineOnly: 1, candidateOnly: 1 })
    expect(p.changed).toEqual([
      { record_id: 'gpqa-c', before: true, after: false },
      { record_id: 'gpqa-b', before: false, after: true },
    ])
    expect(p.unscoredBaseline).toBe(1)
    expect(p.onlyCandidate).toEqual(['gpqa-z'])
  })

  test('McNemar exact: 10 discordant pairs all against the candidate', () => {
    const r = mcnemarExact(10, 0)
    expect(r.oneSided).toBeCloseTo(1 / 1024, 12)
    expect(r.twoSided).toBeCloseTo(2 / 1024, 12)
  })

  test('McNemar: no discordant pair means no evidence either way', () => {
    expect(mcnemarExact(0, 0)).toEqual({ oneSided: 1, twoSided: 1 })
    expect(mcnemarExact(3, 3).twoSided).toBe(1)
  })

  test('paired bootstrap interval brackets the observed delta and is seeded', () => {
    const counts = { n: 1000, both: 740, neither: 190, baselineOnly: 60, candidateOnly: 10 }
    const ci = pairedBootstrapDelta(counts, { seed: 1 })
    expect(ci[0]).toBeLessThan(-0.05)
    expect(ci[1]).toBeGreaterThan(-0.05)
    expect(ci[1]).toBeLessThan(0)
    expect(pairedBootstrapDelta(counts, { seed: 1 })).toEqual(ci)
  })
})
