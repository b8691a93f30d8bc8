import { describe, expect, test } from 'vitest'
import { gateCommand } from '../../src/cli/commands/gate.ts'
import { pairedRuns, writeRun } from '../stats/sample-results.ts'
import { captureIO, scratchDir } from '../report/cli-fixtures.ts'

describe('jarvis eval gate', () => {
  test('a regression prints FAIL with the numbers and exits 3', async () => {
    const dir = scratchDir('cli-gate-fail')
    const { baseline, candidate } = pairedRuns(1000, { both: 740, baselineOnly: 60, candidateOnly: 10 })
    writeRun(`${dir}/base.jsonl`, baseline)
    writeRun(`${dir}/cand.jsonl`, candidate)
    const io = captureIO()
    const code = await gateCommand(['--baseline', `${dir}/base.jsonl`, '--candidate', `${dir}/cand.jsonl`], io)
    expect(code).toBe(3)
    expect(io.text()).toMatchInlineSnapshot(`
      "Gate: FAIL — accuracy dropped 5.0 points (0.8000 → 0.7500 on 1000 paired samples), more than the allowed 2.0 points, and the drop is significant (one-sided McNemar p = 4.0e-10 < 0.05)
      Rule: fail only when the candidate is worse by more than max-drop AND the drop is significant (one-sided exact McNemar p < alpha on samples scored in both runs); otherwise pass
            (max-drop 0.02, alpha 0.05)

                 Run                           Accuracy        CLT 95% CI  Bootstrap 95% CI   Correct
      ---------  ----------------------------  --------  ----------------  ----------------  --------
      Baseline   tmp/cli-gate-fail/base.jsonl    0.8000  [0.7752, 0.8248]  [0.7750, 0.8250]  800/1000
      Candidate  tmp/cli-gate-fail/cand.jsonl    0.7500  [0.7231, 0.7769]  [0.7230, 0.7770]  750/1000

      Delta      -0.0500  (95% paired-bootstrap CI [-0.0660, -0.0340], 1000 paired samples)
      McNemar    right → wrong 60, wrong → right 10; one-sided p = 4.0e-10 (two-sided 8.0e-10)

      Regressions, right → wrong (60):
        supergpqa-00740, supergpqa-00741, supergpqa-00742, supergpqa-00743, supergpqa-00744
        supergpqa-00745, supergpqa-00746, supergpqa-00747, supergpqa-00748, supergpqa-00749
        supergpqa-00750, supergpqa-00751, supergpqa-00752, supergpqa-00753, supergpqa-00754
        supergpqa-00755, supergpqa-00756, supergpqa-00757, supergpqa-00758, supergpqa-00759
        … 40 more (--json lists all)

      Improvements, wrong → right (10):
        supergpqa-00800, supergpqa-00801, supergpqa-00802, supergpqa-00803, supergpqa-00804
        supergpqa-00805, supergpqa-00806, supergpqa-00807, supergpqa-00808, supergpqa-00809"
    `)
  })

  test('noise passes and exits 0; the printed verdict and the exit code agree', async () => {
    const dir = scratchDir('cli-gate-pass')
    const { baseline, candidate } = pairedRuns(50, { both: 30, baselineOnly: 5, candidateOnly: 2 })
    writeRun(`${dir}/base.jsonl`, baseline)
    writeRun(`${dir}/cand.jsonl`, candidate)
    const io = captureIO()
    expect(await gateCommand(['--baseline', `${dir}/base.jsonl`, '--candidate', `${dir}/cand.jsonl`], io)).toBe(0)
    expect(io.stdout[0]).toMatchInlineSnapshot(`"Gate: PASS — accuracy dropped 6.0 points (0.7000 → 0.6400 on 50 paired samples) but the drop is not significant (one-sided McNemar p = 0.2266 ≥ 0.05)"`)
  })

  test('--json prints the verdict object', async () => {
    const dir = scratchDir('cli-gate-json')
    const { baseline, candidate } = pairedRuns(200, { both: 100, baselineOnly: 30, candidateOnly: 2 })
    writeRun(`${dir}/base.jsonl`, baseline)
    writeRun(`${dir}/cand.jsonl`, candidate)
    const io = captureIO()
    expect(await gateCommand(['--baseline', `${dir}/base.jsonl`, '--candidate', `${dir}/cand.jsonl`, '--json', '--max-drop', '0.05'], io)).toBe(3)
    const v = JSON.parse(io.text())
    expect(v).toMatchObject({ verdict: 'fail', n_paired: 200, discordant: { baselineOnly: 30, candidateOnly: 2 }, options: { maxDrop: 0.05, alpha: 0.05 } })
    expect(v.changed).toHaveLength(32)
    expect(v.baseline.settings).toEqual({ benchmark: 'supergpqa', model: 'qwen3:8b', backend: 'jarvis-direct', seed: 42 })
  })

  test('different sample sets or seeds are refused as bad input (exit 2), not a regression', async () => {
    const dir = scratchDir('cli-gate-mismatch')
    const { baseline, candidate } = pairedRuns(100, { both: 70, baselineOnly: 0, candidateOnly: 0 })
    writeRun(`${dir}/base.jsonl`, baseline)
    writeRun(`${dir}/short.jsonl`, candidate.slice(5))
    writeRun(`${dir}/seed7.jsonl`, candidate, { seed: 7 })
    const args = (c: string) => ['--baseline', `${dir}/base.jsonl`, '--candidate', `${dir}/${c}`]
    await expect(gateCommand(args('short.jsonl'), captureIO())).rejects.toMatchObject({ exitCode: 2, message: expect.stringContaining('the sample sets differ: 5 only in the baseline') })
    await expect(gateCommand(args('seed7.jsonl'), captureIO())).rejects.toMatchObject({ exitCode: 2, message: expect.stringContaining('settings differ: seed 42 vs 7') })
    const io = captureIO()
    expect(await gateCommand([...args('seed7.jsonl'), '--allow-mismatch'], io)).toBe(0)
    expect(io.text()).toContain('Warning: settings differ: seed 42 vs 7')
  })

  test('missing flags and bad numbers are bad input', async () => {
    await expect(gateCommand(['--baseline', 'a.jsonl'], captureIO())).rejects.toThrow('jarvis eval gate: --baseline and --candidate are required.')
    await expect(gateCommand(['--baseline', 'a', '--candidate', 'b', '--alpha', 'five'], captureIO())).rejects.toThrow('--alpha "five": not a number.')
  })
})
