import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { RunSummarySchema, type SampleResult } from '../../src/core/sample-result.ts'
import { summaryPathFor } from '../../src/results/run-files.ts'
import { summarizeFile, summarizeResults } from '../../src/results/summary.ts'
import { serializeResult } from '../../src/results/write.ts'
import { sampleResult as r } from './sample-result.ts'

const CTX = { outputPath: '/r/supergpqa_qwen3-8b.jsonl', startedAt: 1708789200, endedAt: 1708789496.3, seed: 42 }

// Ten samples: 6 right, 2 wrong, 1 the judge could not score, 1 inference error.
const RUN: SampleResult[] = [
  r({ record_id: 'supergpqa-1', subject: 'chemistry', latency_seconds: 1.0 }),
  r({ record_id: 'supergpqa-2', subject: 'chemistry', latency_seconds: 2.0 }),
  r({ record_id: 'supergpqa-3', subject: 'chemistry', latency_seconds: 3.0 }),
  r({ record_id: 'supergpqa-4', subject: 'mathematics', latency_seconds: 4.0 }),
  r({ record_id: 'supergpqa-5', subject: 'mathematics', latency_seconds: 5.0 }),
  r({ record_id: 'supergpqa-6', subject: 'mathematics', latency_seconds: 6.0 }),
  r({ record_id: 'supergpqa-7', subject: 'chemistry', is_correct: false, score: 0, latency_seconds: 7.0 }),
  r({ record_id: 'supergpqa-8', subject: 'mathematics', is_correct: false, score: 0, latency_seconds: 8.0 }),
  r({ record_id: 'supergpqa-9', subject: 'chemistry', is_correct: null, score: null, latency_seconds: 9.0, scoring_metadata: { reason: 'judge_error', judge_error: 'HTTP 503' } }),
  r({
    record_id: 'supergpqa-10',
    subject: 'mathematics',
    is_correct: null,
    score: null,
    model_answer: '',
    latency_seconds: 0,
    ttft: 0,
    prompt_tokens: 0,
    completion_tokens: 0,
    throughput_tok_per_sec: 0,
    error: 'timeout: The operation was aborted due to timeout',
    scoring_metadata: { error_kind: 'timeout' },
  }),
]

describe('summarizeResults: counts and accuracy', () => {
  const s = summarizeResults(RUN, CTX)

  test('is a valid RunSummary', () => {
    expect(() => RunSummarySchema.parse(s)).not.toThrow()
  })

  test('accuracy = correct / scored; unscored and errors are out of the denominator and counted', () => {
    expect(s).toMatchObject({ total_samples: 10, scored_samples: 8, correct: 6, accuracy: 0.75, errors: 1 })
    expect(s.unscored_reasons).toEqual({ judge_error: 1 })
    expect(s.errors_by_kind).toEqual({ timeout: 1 })
  })

  test('accuracy is rounded to 4 decimals', () => {
    const three = [r({ record_id: 'a' }), r({ record_id: 'b' }), r({ record_id: 'c', is_correct: false, score: 0 })]
    expect(summarizeResults(three, CTX).accuracy).toBe(0.6667)
    expect(summarizeResults([], CTX).accuracy).toBe(0)
  })

  test('per_subject: sorted subjects whose counts sum to the totals', () => {
    expect(s.per_subject).toEqual({
      chemistry: { accuracy: 0.75, total: 5, scored: 4, correct: 3 },
      mathematics: { accuracy: 0.75, total: 5, scored: 4, correct: 3 },
    })
    const sum = (k: 'total' | 'scored' | 'correct') => Object.values(s.per_subject).reduce((a, b) => a + b[k], 0)
    expect([sum('total'), sum('scored'), sum('correct')]).toEqual([s.total_samples, s.scored_samples, s.correct])
    expect(Object.keys(summarizeResults([r({ record_id: 'z', subject: 'zoology' }), r({ record_id: 'a', subject: 'anatomy' })], CTX).per_subject)).toEqual(['anatomy', 'zoology'])
  })

  test('a sample without a subject counts under "general"', () => {
    expect(Object.keys(summarizeResults([r({ record_id: 'x', subject: '' })], CTX).per_subject)).toEqual(['general'])
  })

  test('identity fields come from the lines; the context fills the rest', () => {
    expect(s).toMatchObject({
      benchmark: 'supergpqa',
      category: 'reasoning',
      backend: 'jarvis-direct',
      model: 'qwen3:8b',
      started_at: 1708789200,
      ended_at: 1708789496.3,
      seed: 42,
      output_path: '/r/supergpqa_qwen3-8b.jsonl',
      telemetry_note: null,
    })
    const empty = summarizeResults([], { ...CTX, benchmark: 'gpqa', model: 'm', category: 'reasoning' })
    expect(empty).toMatchObject({ benchmark: 'gpqa', model: 'm', category: 'reasoning', total_samples: 0, latency_stats: null, accuracy_stats: null, mean_latency_seconds: 0 })
  })

  test('duplicate record ids (a resumed run) are counted once, the first line wins', () => {
    const dup = [...RUN, r({ record_id: 'supergpqa-7', is_correct: true, score: 1 }), r({ record_id: 'supergpqa-1', is_correct: false, score: 0 })]
    expect(summarizeResults(dup, CTX)).toMatchObject({ total_samples: 10, scored_samples: 8, correct: 6, accuracy: 0.75 })
  })
})

describe('summarizeResults: stats', () => {
  test('latency stats over values > 0 (the error sample’s 0 is not a measurement)', () => {
    const s = summarizeResults(RUN, CTX)
    // 1..9 seconds
    expect(s.latency_stats).toEqual({ mean: 5, median: 5, min: 1, max: 9, std: 2.738613, p90: 8.2, p95: 8.6, p99: 8.92 })
    expect(s.mean_latency_seconds).toBe(5)
    expect(s.accuracy_stats).toMatchObject({ mean: 0.75, min: 0, max: 1 })
  })

  test('mean latency is rounded to 4 decimals', () => {
    const s = summarizeResults([r({ record_id: 'a', latency_seconds: 1 }), r({ record_id: 'b', latency_seconds: 1 }), r({ record_id: 'c', latency_seconds: 2 })], CTX)
    expect(s.mean_latency_seconds).toBe(1.3333)
  })

  test('cache hits are left out of latency and other device stats, but still count for accuracy and tokens', () => {
    const rows = [
      r({ record_id: 'a', latency_seconds: 2, ttft: 0.5 }),
      r({ record_id: 'b', latency_seconds: 0.001, ttft: 0.0005, scoring_metadata: { cache_hit: true } }),
    ]
    const s = summarizeResults(rows, CTX)
    expect(s.latency_stats).toMatchObject({ mean: 2, min: 2, max: 2 })
    expect(s.ttft_stats).toMatchObject({ mean: 0.5 })
    expect(s.mean_latency_seconds).toBe(2)
    expect(s).toMatchObject({ total_samples: 2, scored_samples: 2, total_input_tokens: 200, total_output_tokens: 20 })
  })

  test('telemetry values ≤ 0 are "not measured" → null stats; measured ones are summarised', () => {
    const s = summarizeResults(RUN, CTX)
    expect(s.energy_stats).toBeNull()
    expect(s.power_stats).toBeNull()
    expect(s.mfu_stats).toBeNull()
    expect(s.total_energy_joules).toBe(0)
    expect(s.avg_power_watts).toBe(0)
    const hot = summarizeResults(
      [
        r({ record_id: 'a', energy_joules: 100, power_watts: 200, ipw: 1 / 200, ipj: 1 / 100 }),
        r({ record_id: 'b', energy_joules: 300, power_watts: 400, is_correct: false, score: 0, ipw: 0, ipj: 0 }),
        r({ record_id: 'c', energy_joules: 0, power_watts: 0 }),
      ],
      CTX,
    )
    expect(hot.energy_stats).toMatchObject({ mean: 200, min: 100, max: 300 })
    expect(hot.power_stats).toMatchObject({ mean: 300 })
    expect(hot.avg_power_watts).toBe(300)
    expect(hot.total_energy_joules).toBe(400)
    // IPW/IPJ average over scored samples with power/energy data, wrong ones as 0
    expect(hot.ipw_stats).toMatchObject({ mean: round6((1 / 200) / 2), min: 0 })
    expect(hot.ipj_stats).toMatchObject({ mean: round6((1 / 100) / 2), min: 0 })
  })

  test('token stats and totals', () => {
    const s = summarizeResults(RUN, CTX)
    expect(s.total_input_tokens).toBe(900)
    expect(s.total_output_tokens).toBe(90)
    expect(s.input_token_stats).toMatchObject({ mean: 100, min: 100, max: 100 })
  })

  test('judge usage and inference cost are summed', () => {
    const rows = [
      r({ record_id: 'a', cost_usd: 0.001, scoring_metadata: { judge_usage: { calls: 1, prompt_tokens: 120, completion_tokens: 2, cost_usd: 0.0000345 } } }),
      r({ record_id: 'b', cost_usd: 0.002, scoring_metadata: { judge_usage: { calls: 2, prompt_tokens: 300, completion_tokens: 5, cost_usd: 0.0001 } } }),
      r({ record_id: 'c', cost_usd: 0.0000004 }),
    ]
    const s = summarizeResults(rows, CTX)
    expect(s.judge).toEqual({ calls: 3, prompt_tokens: 420, completion_tokens: 7, cost_usd: 0.000135, heuristic_samples: 0 })
    expect(s.total_cost_usd).toBe(0.003)
  })

  test('lines a keyword heuristic scored (no judge available) are counted in judge.heuristic_samples', () => {
    const rows = [r({ record_id: 'a', scoring_metadata: { judge: 'heuristic' } }), r({ record_id: 'b', scoring_metadata: { judge: 'heuristic' } }), r({ record_id: 'c' })]
    expect(summarizeResults(rows, CTX).judge.heuristic_samples).toBe(2)
  })
})

const round6 = (x: number) => Math.round(x * 1e6) / 1e6

describe('summarizeFile', () => {
  test('streams the JSONL, skips a torn last line and reports it, and agrees with summarizeResults', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jarvis-summary-'))
    const path = join(dir, 'supergpqa_qwen3-8b.jsonl')
    const torn = serializeResult(r({ record_id: 'supergpqa-11' })).slice(0, 40)
    writeFileSync(path, RUN.map(serializeResult).join('') + torn)
    const issues: { line: number; reason: string }[] = []
    const s = await summarizeFile({ ...CTX, outputPath: path }, (i) => issues.push(i))
    expect(issues).toEqual([{ line: 11, reason: expect.stringContaining('not valid JSON') }])
    expect(s).toEqual({ ...summarizeResults(RUN, CTX), output_path: path })
  })

  test('summaryPathFor appends .summary.json', () => {
    expect(summaryPathFor('/r/x_y.jsonl')).toBe('/r/x_y.jsonl.summary.json')
  })
})
