import { describe, expect, test } from 'vitest'
import { compareCommand } from '../../src/cli/commands/compare.ts'
import { writeRun } from '../stats/sample-results.ts'
import { captureIO, makeRun, scratchDir } from '../report/cli-fixtures.ts'

describe('jarvis eval compare', () => {
  test('prints the Comparison table, intervals, per-subject accuracy and the changed samples', async () => {
    const dir = scratchDir('cli-compare')
    writeRun(`${dir}/supergpqa_qwen3-8b.jsonl`, makeRun({ wrongEvery: 4, energy: 250 }))
    writeRun(`${dir}/supergpqa_llama3.2-1b.jsonl`, makeRun({ model: 'llama3.2:1b', wrongEvery: 3, offset: 1, energy: 120, latency: 0.5 }))
    const io = captureIO()
    expect(await compareCommand([`${dir}/supergpqa_qwen3-8b.jsonl`, `${dir}/supergpqa_llama3.2-1b.jsonl`], io)).toBe(0)
    expect(io.text()).toMatchInlineSnapshot(`
      "Comparison — accuracy
      File                                         Benchmark  Model        Accuracy  Samples
      -------------------------------------------  ---------  -----------  --------  -------
      tmp/cli-compare/supergpqa_qwen3-8b.jsonl     supergpqa  qwen3:8b       0.7500       40
      tmp/cli-compare/supergpqa_llama3.2-1b.jsonl  supergpqa  llama3.2:1b    0.6750       40

      Accuracy with 95% confidence intervals
      File                                         Accuracy      SE  CLT 95% CI        Wilson 95% CI     Bootstrap 95% CI  Scored
      -------------------------------------------  --------  ------  ----------------  ----------------  ----------------  ------
      tmp/cli-compare/supergpqa_qwen3-8b.jsonl       0.7500  0.0693  [0.6141, 0.8859]  [0.5981, 0.8581]  [0.6000, 0.8750]      40
      tmp/cli-compare/supergpqa_llama3.2-1b.jsonl    0.6750  0.0750  [0.5280, 0.8220]  [0.5202, 0.7992]  [0.5250, 0.8250]      40

      Per sample: mean ± 95% CI half-width
      File                                             Latency s     Prompt tok  Completion tok       Cost $    Energy J
      -------------------------------------------  -------------  -------------  --------------  -----------  ----------
      tmp/cli-compare/supergpqa_qwen3-8b.jsonl     1.042 ± 0.050  182.88 ± 0.62    12.00 ± 0.44  1.00e-4 ± 0    261 ± 12
      tmp/cli-compare/supergpqa_llama3.2-1b.jsonl  0.521 ± 0.025  182.88 ± 0.62    12.00 ± 0.44  1.00e-4 ± 0  62.5 ± 3.0

      Per-subject accuracy (columns in file order: #1 tmp/cli-compare/supergpqa_qwen3-8b.jsonl, #2 tmp/cli-compare/supergpqa_llama3.2-1b.jsonl)
      Subject               #1           #2
      -----------  -----------  -----------
      chemistry    1.0000 (20)  0.7000 (20)
      mathematics  0.5000 (20)  0.6500 (20)

      Paired by record id: tmp/cli-compare/supergpqa_qwen3-8b.jsonl → tmp/cli-compare/supergpqa_llama3.2-1b.jsonl
        40 samples scored in both; 0 only in the first, 0 only in the second
        accuracy delta -0.0750  95% paired-bootstrap CI [-0.2750, 0.1250]
        right → wrong 10, wrong → right 7; McNemar exact two-sided p = 0.6291

      Samples whose verdict changed (17)
      Record          #1       #2
      --------------  -------  -------
      supergpqa-1002  correct  wrong
      supergpqa-1005  correct  wrong
      supergpqa-1011  correct  wrong
      supergpqa-1014  correct  wrong
      supergpqa-1017  correct  wrong
      supergpqa-1023  correct  wrong
      supergpqa-1026  correct  wrong
      supergpqa-1029  correct  wrong
      supergpqa-1035  correct  wrong
      supergpqa-1038  correct  wrong
      supergpqa-1000  wrong    correct
      supergpqa-1004  wrong    correct
      supergpqa-1012  wrong    correct
      supergpqa-1016  wrong    correct
      supergpqa-1024  wrong    correct
      supergpqa-1028  wrong    correct
      supergpqa-1036  wrong    correct"
    `)
  })

  test('--metric takes a summary key, or the mean of a JSONL key', async () => {
    const dir = scratchDir('cli-compare-metric')
    writeRun(`${dir}/a.jsonl`, makeRun({ wrongEvery: 4 }))
    writeRun(`${dir}/b.jsonl`, makeRun({ wrongEvery: 4, latency: 2 }), { summary: false })
    const io = captureIO()
    await compareCommand([`${dir}/a.jsonl`, `${dir}/b.jsonl`, '--metric', 'mean_latency_seconds'], io)
    expect(io.stdout.slice(0, 5).join('\n')).toMatchInlineSnapshot(`
      "Comparison — mean_latency_seconds
      File                            Benchmark  Model     Mean Latency Seconds  Samples
      ------------------------------  ---------  --------  --------------------  -------
      tmp/cli-compare-metric/a.jsonl  supergpqa  qwen3:8b                1.0425       40
      tmp/cli-compare-metric/b.jsonl  supergpqa  qwen3:8b                2.0850       40"
    `)
    const io2 = captureIO()
    await compareCommand([`${dir}/a.jsonl`, `${dir}/b.jsonl`, '--metric', 'completion_tokens'], io2)
    expect(io2.stdout[3]).toMatch(/a\.jsonl .* 12\.0000 +40$/)
  })

  test('skips missing files, and with none valid exits 2', async () => {
    const dir = scratchDir('cli-compare-missing')
    writeRun(`${dir}/a.jsonl`, makeRun({ wrongEvery: 4 }))
    const io = captureIO()
    expect(await compareCommand([`${dir}/a.jsonl`, `${dir}/gone.jsonl`], io)).toBe(0)
    expect(io.stderr).toEqual([`Skipping missing file ${dir}/gone.jsonl`])
    const none = captureIO()
    expect(await compareCommand([`${dir}/gone.jsonl`], none)).toBe(2)
    expect(none.stderr).toEqual([`Skipping missing file ${dir}/gone.jsonl`, 'No valid result files found.'])
  })

  test('an unknown metric is bad input with close matches', async () => {
    const dir = scratchDir('cli-compare-badmetric')
    writeRun(`${dir}/a.jsonl`, makeRun({ wrongEvery: 4 }))
    await expect(compareCommand([`${dir}/a.jsonl`, '--metric', 'mean_latency'], captureIO())).rejects.toThrow(/^--metric mean_latency: no run has it, in its summary or its JSONL lines\. Did you mean "mean_latency_seconds"\?/)
  })

  test('an unknown option is bad input', async () => {
    await expect(compareCommand(['a.jsonl', '--metrc', 'accuracy'], captureIO())).rejects.toMatchObject({ exitCode: 2, code: 'JARVIS_BAD_OPTION' })
  })
})
