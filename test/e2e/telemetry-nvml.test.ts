import { execFileSync } from 'node:child_process'
import { mkdirSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { SampleResult } from '../../src/core/sample-result.ts'
import { buildFakeNvml } from '../support/fake-nvml.ts'
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts'
import { runJarvis } from '../support/run-process.ts'
import { byId, readLines, readSummary, sum, tempDir, writeQuiz, writeSuite, type QuizRow } from './fixtures/custom-suite.ts'

// GPU telemetry end to end: the real CLI loads the fake libnvidia-ml.so.1 (gcc-built, found through
// LD_LIBRARY_PATH of the child process) through koffi, samples run 4 at a time against a fake OpenAI server
// whose answers take 50 ms, and the per-sample energies must add up to the device's energy without counting
// the overlap twice (OpenJarvis gives each concurrent sample the whole device).

const ROWS: QuizRow[] = Array.from({ length: 8 }, (_, i) => ({ id: `q${i}`, question: `Question number ${i}: what is ${i} + ${i}?`, answer: String(2 * i), topic: i < 4 ? 'low' : 'high' }))
/** Right for even i, wrong for odd i. */
const answerFor = (prompt: string) => {
  const row = ROWS.find((r) => prompt.includes(r.question))
  if (!row) return 'no idea'
  const i = Number(row.id.slice(1))
  return `The answer is ${i % 2 ? 2 * i + 1 : 2 * i}`
}
const UTIL = 73
const NVML_ENV = { FAKE_NVML_UTIL_GPU: String(UTIL), FAKE_NVML_POWER_MW: '200000', FAKE_NVML_NAME: 'NVIDIA Fake100' }
const JSONL = 'quiz_test-model.jsonl'

/** A real libnvidia-ml.so.1 in the loader's cache would be found despite LD_LIBRARY_PATH (GPU machines). */
const systemHasNvml = (() => {
  try {
    return /libnvidia-ml\.so\.1/.test(execFileSync('/sbin/ldconfig', ['-p'], { encoding: 'utf8' }))
  } catch {
    return false
  }
})()

let dir: ReturnType<typeof tempDir>
let api: FakeOpenAI
let nvmlDir: string
const chats = () => api.requests.filter((r) => r.path === '/v1/chat/completions')

beforeAll(async () => {
  dir = tempDir('telemetry')
  ;[nvmlDir, api] = await Promise.all([buildFakeNvml(), startFakeOpenAI({ models: ['test-model'], latencyMs: 50, answer: answerFor })])
  writeQuiz(join(dir.path, 'quiz.jsonl'), ROWS)
  const model = { name: 'test-model', base_url: `${api.url}/v1` }
  writeSuite(join(dir.path, 'suite.toml'), { outputDir: 'unused', models: [model], benchmarks: [{ name: 'quiz', dataset: 'quiz.jsonl' }] })
  writeSuite(join(dir.path, 'warmup.toml'), {
    outputDir: 'unused',
    run: { warmup_samples: 2, telemetry: true, max_workers: 4 },
    models: [model],
    benchmarks: [{ name: 'quiz', dataset: 'quiz.jsonl', max_samples: 5 }],
  })
}, 60_000)

afterAll(async () => {
  await api?.close()
  dir?.remove()
})

async function run(suite: string, out: string, flags: string[], env: Record<string, string>) {
  const res = await runJarvis(['eval', 'run', '-c', join(dir.path, suite), '--output-dir', join(dir.path, out), ...flags], env)
  expect(res.stderr).not.toMatch(/internal error/)
  expect(res.code, res.stdout + res.stderr).toBe(0)
  const path = join(dir.path, out, JSONL)
  return { res, lines: readLines(path), summary: readSummary(path) }
}

const within1pct = (a: number, b: number) => expect(Math.abs(a - b), `${a} vs ${b}`).toBeLessThanOrEqual(0.01 * Math.max(Math.abs(a), Math.abs(b)))

function checkVerdicts(lines: SampleResult[]) {
  for (const l of lines) expect(l.is_correct, l.record_id).toBe(Number(l.record_id.replace('quiz-q', '')) % 2 === 0)
}

describe('GPU telemetry through the CLI', () => {
  test('--telemetry --gpu-metrics with NVML and 4 samples in flight: per-sample energy sums to the device energy, once', async () => {
    const { res, lines, summary: s } = await run('suite.toml', 'nvml', ['--telemetry', '--gpu-metrics', '-w', '4'], { LD_LIBRARY_PATH: nvmlDir, ...NVML_ENV })
    // The spans overlapped: this is the case OpenJarvis double-counts.
    expect(api.maxInFlight).toBeGreaterThan(1)
    expect(lines).toHaveLength(ROWS.length)
    checkVerdicts(lines)
    for (const l of lines) {
      expect(l.energy_joules, l.record_id).toBeGreaterThan(0)
      expect(l.power_watts, l.record_id).toBeGreaterThan(0)
      expect(l.gpu_utilization_pct, l.record_id).toBe(UTIL)
      // power_watts is the device's mean power over the sample's window: 200 W with 4 in flight, not 200 / 4;
      // energy_joules is the sample's share, so energy / latency is below it; IPW = 1 / device power.
      // A line's window is tens of ms over 50 ms polls: on a loaded machine the poll timing jitters by a few %
      // (the run-level totals below stay within 1 %); a share would be ≈ 50 W, far outside this band.
      expect(Math.abs(l.power_watts - 200), `${l.record_id} ${l.power_watts}`).toBeLessThanOrEqual(200 * 0.08)
      // (the line's power and energy are rounded to 6 places; ipw and ipj come from the unrounded values)
      expect(l.is_correct ? l.ipw * l.power_watts : l.ipw, l.record_id).toBeCloseTo(l.is_correct ? 1 : 0, 5)
      expect(l.is_correct ? l.ipj * l.energy_joules : l.ipj, l.record_id).toBeCloseTo(l.is_correct ? 1 : 0, 5)
    }
    // with 4 in flight the samples' shares are well below the device's power
    expect(sum(lines.map((l) => l.energy_joules)) / sum(lines.map((l) => l.latency_seconds))).toBeLessThan(200 * 0.8)
    const t = s.telemetry!
    expect(t).toMatchObject({ source: 'nvml', energy_method: 'hw_counter', devices: ['NVIDIA Fake100'], samples: ROWS.length, mean_gpu_utilization_pct: UTIL })
    const sampleSum = sum(lines.map((l) => l.energy_joules))
    within1pct(sampleSum, t.sample_energy_joules)
    within1pct(t.sample_energy_joules + t.idle_energy_joules, t.device_energy_joules)
    expect(t.idle_energy_joules).toBeGreaterThan(0)
    // The device ran at 200 W for the whole telemetry window.
    within1pct(t.avg_device_power_watts, 200)
    expect(s.total_energy_joules).toBeCloseTo(sampleSum, 4)
    expect(s.telemetry_note ?? null).toBeNull()
    expect(res.stdout).toMatch(/ {2}energy: device [\d.]+ J = samples [\d.]+ J \+ idle [\d.]+ J \(device-wide energy of this machine's GPU 0 \(NVIDIA Fake100\) via NVML; the engine is a server/)
  }, 60_000)

  test.skipIf(systemHasNvml)('no NVML library and no nvidia-smi: exits 0 with zeros and a summary note saying why', async () => {
    const empty = join(dir.path, 'no-nvml')
    const bin = join(dir.path, 'bin')
    mkdirSync(empty)
    mkdirSync(bin)
    // PATH holds node only: no nvidia-smi to fall back to.
    symlinkSync(process.execPath, join(bin, 'node'))
    const { res, lines, summary: s } = await run('suite.toml', 'none', ['--telemetry', '--gpu-metrics', '-w', '4'], { LD_LIBRARY_PATH: empty, PATH: bin })
    expect(lines).toHaveLength(ROWS.length)
    checkVerdicts(lines)
    for (const l of lines) expect({ e: l.energy_joules, p: l.power_watts, u: l.gpu_utilization_pct, ipw: l.ipw, ipj: l.ipj }).toEqual({ e: 0, p: 0, u: 0, ipw: 0, ipj: 0 })
    expect(s.total_energy_joules).toBe(0)
    expect(s.telemetry?.source).toBe('none')
    // The reason is the loader's (glibc's dlerror) and the fallback's, in one line.
    expect(s.telemetry_note).toMatchInlineSnapshot(`"no GPU telemetry: NVML not available (libnvidia-ml.so.1: cannot open shared object file); nvidia-smi not found on PATH. energy_joules, power_watts and gpu_utilization_pct are 0."`)
    expect(res.stdout).toContain(`  telemetry: ${s.telemetry_note}`)
  }, 60_000)

  test('[run] warmup_samples = 2: the JSONL has max_samples lines, none of them warmup, and the server saw max_samples + 2 chats', async () => {
    const before = chats().length
    const { lines, summary: s } = await run('warmup.toml', 'warmup', [], { LD_LIBRARY_PATH: nvmlDir, ...NVML_ENV })
    const sent = chats().slice(before).map((r) => (r.body!.messages as { role: string; content: string }[]).at(-1)!.content)
    expect(sent).toHaveLength(5 + 2)
    const idOf = (prompt: string) => `quiz-${ROWS.find((r) => prompt.includes(r.question))!.id}`
    // Warmup goes first, before any measured sample, and is never recorded.
    const warmupIds = sent.slice(0, 2).map(idOf)
    const recorded = byId(lines)
    expect(lines).toHaveLength(5)
    for (const id of warmupIds) expect(recorded.has(id), id).toBe(false)
    expect(new Set(sent.slice(2).map(idOf))).toEqual(new Set(recorded.keys()))
    checkVerdicts(lines)
    expect(s).toMatchObject({ total_samples: 5, scored_samples: 5 })
    // Warmup energy is idle energy: the sample spans are the 5 recorded samples.
    const t = s.telemetry!
    expect(t.samples).toBe(5)
    within1pct(sum(lines.map((l) => l.energy_joules)), t.sample_energy_joules)
    within1pct(t.sample_energy_joules + t.idle_energy_joules, t.device_energy_joules)
  }, 60_000)
})


