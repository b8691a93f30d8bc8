import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { SAMPLE_RESULT_KEYS, type RunSummary, type SampleResult } from '../../src/core/sample-result.ts'
import { summaryPathFor } from '../../src/results/run-files.ts'
import { summarizeResults } from '../../src/results/summary.ts'
import { sampleResult } from '../core/sample-result.ts'

/** A JSONL line as the harness writes it (supergpqa-style ids and metadata). */
export function sample(id: string, isCorrect: boolean | null, over: Partial<SampleResult> = {}): SampleResult {
  return sampleResult({
    record_id: id,
    model_answer: isCorrect ? 'The answer is C.' : 'The answer is B.',
    is_correct: isCorrect,
    score: isCorrect === null ? null : isCorrect ? 1 : 0,
    latency_seconds: 1.25,
    prompt_tokens: 187,
    completion_tokens: 12,
    scoring_metadata: { reference_letter: 'C', candidate_letter: isCorrect ? 'C' : 'B' },
    ttft: 0,
    throughput_tok_per_sec: 9.6,
    ...over,
  })
}

/**
 * A pair of runs over the same ids: `both` right in both, `baselineOnly` right only in the baseline,
 * `candidateOnly` right only in the candidate, the rest wrong in both.
 */
export function pairedRuns(n: number, c: { both: number; baselineOnly: number; candidateOnly: number }): { baseline: SampleResult[]; candidate: SampleResult[] } {
  const baseline: SampleResult[] = []
  const candidate: SampleResult[] = []
  for (let i = 0; i < n; i++) {
    const id = `supergpqa-${String(i).padStart(5, '0')}`
    const b = i < c.both || (i >= c.both && i < c.both + c.baselineOnly)
    const k = i < c.both || (i >= c.both + c.baselineOnly && i < c.both + c.baselineOnly + c.candidateOnly)
    baseline.push(sample(id, b))
    candidate.push(sample(id, k))
  }
  return { baseline, candidate }
}

/** Writes a JSONL (keys in the spec's order) and, unless told otherwise, its summary.json. */
export function writeRun(path: string, results: SampleResult[], opts: { summary?: boolean; seed?: number | null } = {}): RunSummary {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, results.map((r) => JSON.stringify(Object.fromEntries(SAMPLE_RESULT_KEYS.map((k) => [k, r[k]])))).join('\n') + '\n')
  const summary = summarizeResults(results, { outputPath: path, startedAt: 1_750_000_000, endedAt: 1_750_000_100, seed: opts.seed ?? 42 })
  if (opts.summary !== false) writeFileSync(summaryPathFor(path), JSON.stringify(summary, null, 2))
  return summary
}
