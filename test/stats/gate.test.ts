import { describe, expect, test } from 'vitest'
import { gate } from '../../src/results/gate.ts'
import { isJarvisError } from '../../src/core/errors.ts'
import { pairedRuns, sample } from './sample-results.ts'

describe('regression gate', () => {
  test('identical runs pass with nothing changed', async () => {
    const { baseline } = pairedRuns(200, { both: 150, baselineOnly: 0, candidateOnly: 0 })
    const v = await gate(baseline, baseline)
    expect(v.verdict).toBe('pass')
    expect(v.delta).toBe(0)
    expect(v.pValue).toBe(1)
    expect(v.changed).toEqual([])
    expect(v.reason).toMatchInlineSnapshot(`"no drop: accuracy unchanged (0.7500 → 0.7500 on 200 paired samples)"`)
  })

  test('a real 5-point drop on 1000 samples fails', async () => {
    const { baseline, candidate } = pairedRuns(1000, { both: 740, baselineOnly: 60, candidateOnly: 10 })
    const v = await gate(baseline, candidate)
    expect(v.verdict).toBe('fail')
    expect(v.baseline.accuracy).toBe(0.8)
    expect(v.candidate.accuracy).toBe(0.75)
    expect(v.delta).toBeCloseTo(-0.05, 12)
    expect(v.discordant).toEqual({ baselineOnly: 60, candidateOnly: 10 })
    expect(v.pValue).toBeLessThan(1e-9)
    expect(v.deltaCi[1]).toBeLessThan(0)
    expect(v.changed.filter((c) => !c.after)).toHaveLength(60)
    expect(v.reason).toMatchInlineSnapshot(`"accuracy dropped 5.0 points (0.8000 → 0.7500 on 1000 paired samples), more than the allowed 2.0 points, and the drop is significant (one-sided McNemar p = 4.0e-10 < 0.05)"`)
  })

  test('a 6-point drop on 50 samples passes as not significant', async () => {
    const { baseline, candidate } = pairedRuns(50, { both: 30, baselineOnly: 5, candidateOnly: 2 })
    const v = await gate(baseline, candidate)
    expect(v.delta).toBeCloseTo(-0.06, 12)
    expect(v.verdict).toBe('pass')
    expect(v.pValue).toBeCloseTo(29 / 128, 12) // P(X ≤ 2 | Bin(7, ½))
    expect(v.reason).toContain('not significant')
  })

  test('a significant drop within max-drop passes, and fails once max-drop is tightened', async () => {
    const { baseline, candidate } = pairedRuns(10_000, { both: 7000, baselineOnly: 150, candidateOnly: 0 })
    const loose = await gate(baseline, candidate, { maxDrop: 0.02 })
    expect(loose.significant).toBe(true)
    expect(loose.verdict).toBe('pass')
    expect(loose.reason).toContain('within the allowed 2.0 points')
    expect((await gate(baseline, candidate, { maxDrop: 0.01 })).verdict).toBe('fail')
  })

  test('an improvement passes', async () => {
    const { baseline, candidate } = pairedRuns(500, { both: 300, baselineOnly: 5, candidateOnly: 60 })
    const v = await gate(baseline, candidate)
    expect(v.verdict).toBe('pass')
    expect(v.reason).toMatch(/^no drop: accuracy rose 11\.0 points/)
  })

  test('refuses mismatched sample sets with exit code 2', async () => {
    const { baseline, candidate } = pairedRuns(100, { both: 80, baselineOnly: 0, candidateOnly: 0 })
    const err = await gate(baseline, candidate.slice(0, 90)).catch((e) => e)
    expect(isJarvisError(err)).toBe(true)
    expect(err.exitCode).toBe(2)
    expect(err.message).toMatchInlineSnapshot(`"gate baseline vs candidate: the sample sets differ: 10 only in the baseline (supergpqa-00090, supergpqa-00091, supergpqa-00092, … (10)). Run both on the same samples, or pass --allow-mismatch to pair the common ones."`)
  })

  test('with allowMismatch pairs the common samples and says so', async () => {
    const { baseline, candidate } = pairedRuns(100, { both: 80, baselineOnly: 0, candidateOnly: 0 })
    const v = await gate(baseline, candidate.slice(0, 90), { allowMismatch: true })
    expect(v.n_paired).toBe(90)
    expect(v.only_baseline).toHaveLength(10)
    expect(v.warnings).toEqual(['paired the common samples only: 10 only in the baseline, 0 only in the candidate'])
  })

  test('refuses runs with different seeds or models', async () => {
    const { baseline, candidate } = pairedRuns(20, { both: 10, baselineOnly: 0, candidateOnly: 0 })
    const seeded = gate({ results: baseline, summary: { seed: 42 } }, { results: candidate, summary: { seed: 7 } })
    await expect(seeded).rejects.toThrow(/settings differ: seed 42 vs 7/)
    const other = candidate.map((r) => ({ ...r, model: 'llama3.2:1b' }))
    await expect(gate(baseline, other)).rejects.toThrow(/model "qwen3:8b" vs "llama3.2:1b"/)
  })

  test('errors are harness failures: left out of the pairing and reported, never a regression', async () => {
    const { baseline, candidate } = pairedRuns(100, { both: 80, baselineOnly: 0, candidateOnly: 0 })
    for (let i = 0; i < 30; i++) candidate[i] = sample(candidate[i].record_id, null, { error: 'APIConnectionError: connect ECONNREFUSED', model_answer: '' })
    const v = await gate(baseline, candidate)
    expect(v.verdict).toBe('pass')
    expect(v.n_paired).toBe(70)
    expect(v.candidate.errors).toBe(30)
    expect(v.warnings[0]).toMatch(/^left out of the pairing as unscored .*: baseline 0, candidate 30$/)
  })

  test('nothing scored in both runs is bad input, not a pass', async () => {
    const b = [sample('hle-1', null), sample('hle-2', true)]
    const c = [sample('hle-1', true), sample('hle-2', null)]
    await expect(gate(b, c)).rejects.toThrow(/no sample is scored in both runs/)
  })

  test('rejects a max-drop given in points instead of a fraction', async () => {
    const { baseline } = pairedRuns(10, { both: 5, baselineOnly: 0, candidateOnly: 0 })
    await expect(gate(baseline, baseline, { maxDrop: 2 })).rejects.toThrow(/must be a fraction in \[0, 1\)/)
  })
})
