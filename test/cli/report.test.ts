import { existsSync, readFileSync, rmSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { reportCommand } from '../../src/cli/commands/report.ts'
import { summaryPathFor } from '../../src/results/run-files.ts'
import { writeRun } from '../stats/sample-results.ts'
import { captureIO, makeRun, scratchDir } from '../report/cli-fixtures.ts'

describe('jarvis eval report', () => {
  test('prints the Evaluation Report with intervals, percentiles and the per-subject breakdown', async () => {
    const dir = scratchDir('cli-report')
    writeRun(`${dir}/supergpqa_qwen3-8b.jsonl`, makeRun({ wrongEvery: 4, withError: true, energy: 250 }))
    const io = captureIO()
    expect(await reportCommand([`${dir}/supergpqa_qwen3-8b.jsonl`], io)).toBe(0)
    expect(io.text()).toMatchInlineSnapshot(`
      "Evaluation Report

      Benchmark:  supergpqa
      Model:      qwen3:8b
      Backend:    jarvis-direct
      Accuracy:   0.7692
      Samples:    40
      Scored:     39
      Correct:    30
      Errors:     1
      Latency:    1.0425s (mean)
      Cost:       $0.004000

      Accuracy 95% CI (39 scored)
        CLT:        [0.6353, 0.9032]  (SE 0.0683, n−1)
        Wilson:     [0.6166, 0.8735]
        Bootstrap:  [0.6410, 0.8974]  (2000 resamples, seeded)

      Latency (40 timed samples)
        p50 1.05s  p90 1.25s  p95 1.3s  p99 1.3s  max 1.3s

      Per sample         Mean ± 95% CI  Unit   n
      -----------------  -------------  ----  --
      Latency            1.042 ± 0.050  s     40
      Prompt tokens      182.88 ± 0.62  tok   40
      Completion tokens   12.00 ± 0.44  tok   40
      Cost                 1.00e-4 ± 0  $     40
      Energy                  261 ± 12  J     40
      Total energy 10425 J, mean power 250 W

      Per-Subject Breakdown
      Subject      Accuracy  Wilson 95% CI   Total  Correct
      -----------  --------  --------------  -----  -------
      chemistry      1.0000  [0.839, 1.000]     20       20
      mathematics    0.5263  [0.317, 0.727]     20       10

      Errors by kind: timeout 1"
    `)
  })

  test('computes the summary from the JSONL when summary.json is missing', async () => {
    const dir = scratchDir('cli-report-nosummary')
    const path = `${dir}/gpqa_llama3.2-1b.jsonl`
    writeRun(path, makeRun({ wrongEvery: 2 }), { summary: false })
    expect(existsSync(summaryPathFor(path))).toBe(false)
    const io = captureIO()
    await reportCommand([path], io)
    expect(io.stdout.slice(0, 12).join('\n')).toContain('Accuracy:   0.5000')
    expect(io.stdout.at(-1)).toBe(`(no summary.json: computed from ${path})`)
  })

  test('a missing file is bad input (exit 2) with the path in the message', async () => {
    await expect(reportCommand(['results/nope.jsonl'], captureIO())).rejects.toMatchObject({
      exitCode: 2,
      message: 'results/nope.jsonl: no such results file (nor results/nope.jsonl.summary.json). Check the path, or run jarvis eval run first.',
    })
  })

  test('--html writes one self-contained page', async () => {
    const dir = scratchDir('cli-report-html')
    writeRun(`${dir}/run.jsonl`, makeRun({ wrongEvery: 3 }))
    const io = captureIO()
    await reportCommand([`${dir}/run.jsonl`, '--html', `${dir}/out/report.html`], io)
    const html = readFileSync(`${dir}/out/report.html`, 'utf8')
    expect(html).toMatch(/^<!doctype html>/)
    expect(html).not.toMatch(/https?:\/\//)
    expect(io.stdout.at(-1)).toBe(`HTML report: ${dir}/out/report.html`)
    rmSync(dir, { recursive: true })
  })
})
