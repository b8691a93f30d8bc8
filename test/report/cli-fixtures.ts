import { rmSync } from 'node:fs'
import type { CliIO } from '../../src/cli/io.ts'
import type { SampleResult } from '../../src/core/sample-result.ts'
import { sample } from '../stats/sample-results.ts'

/** Captures what a command prints. */
export function captureIO(): CliIO & { stdout: string[]; stderr: string[]; text(): string } {
  const stdout: string[] = []
  const stderr: string[] = []
  return { stdout, stderr, isTTY: false, out: (l) => stdout.push(l), err: (l) => stderr.push(l), text: () => stdout.join('\n') }
}

/** A repo-relative scratch dir (git-ignored /tmp/), so printed paths are stable in snapshots. */
export function scratchDir(name: string): string {
  const dir = `tmp/${name}`
  rmSync(dir, { recursive: true, force: true })
  return dir
}

/**
 * A SuperGPQA-like run: 40 samples over two subjects, deterministic latencies/energy,
 * `wrongEvery` controls accuracy, ids `supergpqa-<n>`; the first sample errors when `withError`.
 */
export function makeRun(opts: { model?: string; wrongEvery: number; offset?: number; withError?: boolean; energy?: number; latency?: number }): SampleResult[] {
  const out: SampleResult[] = []
  for (let i = 0; i < 40; i++) {
    const id = `supergpqa-${1000 + i}`
    const wrong = (i + (opts.offset ?? 0)) % opts.wrongEvery === 0
    const lat = (opts.latency ?? 1) * (0.8 + ((i * 37) % 11) / 20)
    const r = sample(id, !wrong, {
      model: opts.model ?? 'qwen3:8b',
      subject: i % 2 ? 'chemistry' : 'mathematics',
      latency_seconds: lat,
      prompt_tokens: 180 + (i % 7),
      completion_tokens: 10 + (i % 5),
      energy_joules: opts.energy ? opts.energy * lat : 0,
      power_watts: opts.energy ? opts.energy : 0,
      cost_usd: 0.0001,
      scoring_metadata: { reference_letter: 'C', candidate_letter: wrong ? 'B' : 'C', prompt: `Question ${i}: which option <b>is</b> right?\nA) x\nB) y\nC) z` },
    })
    out.push(r)
  }
  if (opts.withError) out[0] = sample(out[0].record_id, null, { ...out[0], is_correct: null, score: null, error: 'APITimeoutError: request timed out', model_answer: '', scoring_metadata: { error_kind: 'timeout' } })
  return out
}
