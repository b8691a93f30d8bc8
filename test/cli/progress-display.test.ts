import { describe, expect, test } from 'vitest'
import { clock, errorKindsLine, newTally, progressLine, progressLines, shorten, totalTally, type ProgressTally } from '../../src/cli/progress-line.ts'
import { resultsTable } from '../../src/cli/results-table.ts'
import { summarizeResults } from '../../src/results/summary.ts'
import { makeRun } from '../report/cli-fixtures.ts'

const T0 = 1_000_000

/** A run 40 s in: `done` of `total` finished, 77 retried, errors by kind. */
function tally(benchmark: string, model: string, o: Partial<ProgressTally> = {}): ProgressTally {
  const t = newTally(`${benchmark} · ${model}`, 300, { benchmark, model })
  return Object.assign(t, { done: 120, scored: 117, correct: 90, errors: 3, retried: 77, errorKinds: new Map([['timeout', 2], ['server_error', 1]]), startedAt: T0, lastAt: T0 + 40_000, ...o })
}

describe('progress lines', () => {
  test('a log line has everything: count, %, accuracy so far, rate, elapsed, ETA, retried, errors by kind', () => {
    // 120 done in 40 s = 3/s; 180 left = 60 s.
    expect(progressLine(tally('supergpqa', 'qwen3:8b'), T0 + 40_000)).toBe('supergpqa · qwen3:8b  120/300  40%  acc 0.769  3.0/s  0:40  ETA 1:00  retried 77  errors 3 (timeout 2, server_error 1)')
  })

  test('a finished run says done and its elapsed time stops at its last result', () => {
    const t = tally('gpqa', 'm', { done: 300, scored: 300, correct: 210, errors: 0, errorKinds: new Map(), lastAt: T0 + 100_000 })
    expect(progressLine(t, T0 + 500_000)).toBe('gpqa · m  300/300  100%  acc 0.700  3.0/s  1:40  done  retried 77  errors 0')
  })

  test('a run not started yet is waiting, with no made-up numbers', () => {
    const t = newTally('gpqa · m', 50, { benchmark: 'gpqa', model: 'm' })
    expect(progressLine(t, T0)).toBe('gpqa · m  0/50  waiting')
  })

  test('several runs share columns and one level of detail, and every line fits any width from 30 to 200', () => {
    const runs = [
      totalTally([tally('supergpqa', 'qwen3:8b'), tally('mmlu-pro', 'hf:Qwen/Qwen3-8B-GGUF:Q4_K_M'), newTally('gpqa · org/some-long-model-name-7b-instruct', 200, { benchmark: 'gpqa', model: 'org/some-long-model-name-7b-instruct' })]),
      tally('supergpqa', 'qwen3:8b'),
      tally('mmlu-pro', 'hf:Qwen/Qwen3-8B-GGUF:Q4_K_M', { done: 7, scored: 7, correct: 7, errors: 0, errorKinds: new Map() }),
      newTally('gpqa · org/some-long-model-name-7b-instruct', 200, { benchmark: 'gpqa', model: 'org/some-long-model-name-7b-instruct' }),
    ]
    for (let w = 30; w <= 200; w++) {
      const { lines } = progressLines(runs, T0 + 40_000, w)
      expect(lines).toHaveLength(4)
      for (const l of lines) expect(l.length, `${w}: ${l}`).toBeLessThan(w)
      // The count column lines up on every line.
      const ends = lines.map((l) => /\d+\/\d+/.exec(l)!).map((m) => m.index + m[0].length)
      expect(new Set(ends).size, `${w}:\n${lines.join('\n')}`).toBe(1)
    }
    const wide = progressLines(runs, T0 + 40_000, 160)
    expect(wide.level).toBe(0) // room for the bar and the error kinds
    expect(wide.lines[1]).toMatch(/^supergpqa · qwen3:8b +█+░+ +120\/300 +40% +acc 0\.769 +3\.0\/s +0:40 +ETA 1:00 +retried 77 +errors 3 \(timeout 2, server_error 1\)$/)
    // 100 columns: the labels give way (to 24+) before the fields do; 293 left at 7 per 40 s = 27:54.
    expect(progressLines(runs, T0 + 40_000, 100).lines[2]).toMatch(/^mmlu-pro · hf:Qwen\/…:Q4_K_M +7\/300 +2% +acc 1\.000 +0\.2\/s +0:40 +ETA 27:54 +retried 77 +errors 0$/)
    // Narrow: the model name is shortened in the middle, the benchmark kept.
    expect(progressLines(runs, T0 + 40_000, 64).lines[3]).toMatch(/^gpqa · org\/so\S*…\S+ +0\/200 +waiting$/)
  })

  test('errors by kind get their own line when the run lines are too narrow to name them', () => {
    expect(errorKindsLine([tally('a', 'b'), tally('c', 'd')])).toBe('errors by kind: timeout 4, server_error 2')
    expect(errorKindsLine([tally('a', 'b', { errors: 0, errorKinds: new Map() })])).toBeNull()
  })

  test('clock and shorten', () => {
    expect([clock(0), clock(75), clock(3725)]).toEqual(['0:00', '1:15', '1:02:05'])
    expect(shorten('org/some-long-model', 10)).toBe('org/s…odel')
    expect(shorten('short', 10)).toBe('short')
  })
})

describe('the closing table of jarvis eval run', () => {
  const summaries = ['qwen3:8b', 'hf:Qwen/Qwen3-8B-GGUF:Q4_K_M', 'org/some-long-model-name-7b-instruct'].map((model, i) =>
    summarizeResults(makeRun({ model, wrongEvery: 3 + i, energy: 200 }), { outputPath: `results/supergpqa_${i}.jsonl`, startedAt: 0, endedAt: 10, seed: 42 }),
  )

  test('in a log (no width) it is the full table, one row per run', () => {
    const t = resultsTable(summaries)
    expect(t.split('\n')[1]).toMatch(/^│ Benchmark +│ Model +│ Accuracy +│ Correct\/Scored +│ Samples +│ Errors +│ Latency s \(mean\) +│ Tokens in\/out +│ Cost \$ +│ Energy J +│$/)
    expect(t.split('\n')).toHaveLength(7)
  })

  test('it fits every width from 40 to 200 and keeps every number', () => {
    for (let w = 40; w <= 200; w++) {
      const t = resultsTable(summaries, { width: w })
      for (const l of t.split('\n')) expect(l.length, `${w}: ${l}`).toBeLessThan(w)
      for (const s of summaries) {
        expect(t).toContain(s.accuracy.toFixed(4))
        expect(t).toContain(`${s.correct}/${s.scored_samples}`)
        expect(t).toContain(s.total_energy_joules.toFixed(1))
      }
    }
    expect(resultsTable(summaries, { width: 200 })).toBe(resultsTable(summaries)) // wide enough: unchanged
    expect(resultsTable(summaries, { width: 110 })).toMatch(/│ Run │ Benchmark │ Model +│ Acc +│ Correct │ N +│ Err │\n[^]*│ Run │ Lat s │ Tok in\/out │ Cost \$ +│ Energy J │/)
    expect(resultsTable(summaries, { width: 60 })).toMatch(/^supergpqa · qwen3:8b\n {2}accuracy 0\.\d{4} \(\d+\/40 scored\) {2}samples 40/)
  })
})
