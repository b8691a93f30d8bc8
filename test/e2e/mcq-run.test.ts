import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SampleResultSchema, RunSummarySchema, SAMPLE_RESULT_KEYS, type SampleResult } from '../../src/core/sample-result.ts'
import { LETTERS } from '../../src/scoring/mcq.ts'
import { SUPERGPQA_ROWS, writeHubFixtures } from '../support/dataset-fixtures.ts'
import { startFakeHub, type FakeHub } from '../support/fake-hub.ts'
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts'
import { runJarvis, runProcess } from '../support/run-process.ts'

// End to end: the real CLI and plain `vitest run --project`, the real openai client against a scripted server,
// the real @huggingface/hub client against a local hub serving SuperGPQA-shaped parquet.

const rows = SUPERGPQA_ROWS.map((r, i) => ({ question: String(r.question), letter: String(r.answer_letter), n: (r.options as string[]).length, i }))
const rowFor = (prompt: string) => rows.find((r) => prompt.startsWith(r.question))

/** i%4: 0 right, 1 wrong, 2 hedged (the judge reads the right letter), 3 no answer (judge says NONE). */
function modelAnswer(prompt: string): string {
  const r = rowFor(prompt)
  if (!r) return 'no idea'
  const wrong = LETTERS[(LETTERS.indexOf(r.letter) + 1) % r.n]
  return [`The answer is ${r.letter}.`, `Thinking it over, the answer is ${wrong}`, `It might be ${wrong}, or possibly ${r.letter}.`, 'I am not sure.'][r.i % 4]
}

function judgeAnswer(prompt: string): string {
  const m = /possibly ([A-J])\./.exec(prompt)
  return m ? `Answer: ${m[1]}` : 'NONE'
}

let hub: FakeHub
let api: FakeOpenAI
let dir: string
let env: Record<string, string>

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jarvis-e2e-'))
  await writeHubFixtures(join(dir, 'hub'))
  hub = await startFakeHub({ root: join(dir, 'hub') })
  api = await startFakeOpenAI({
    models: ['test-model', 'judge-model'],
    latencyMs: 5,
    answer: (prompt, body) => (body.model === 'judge-model' ? judgeAnswer(prompt) : modelAnswer(prompt)),
  })
  env = { HF_ENDPOINT: hub.url, HF_HOME: join(dir, 'hf'), JARVIS_QUIET: '1' }
  writeFileSync(
    join(dir, 'suite.toml'),
    `[meta]\nname = "e2e"\n\n[judge]\nmodel = "judge-model"\nbase_url = "${api.url}/v1"\n\n[run]\nmax_workers = 3\noutput_dir = "${join(dir, 'out')}"\n\n[[models]]\nname = "test-model"\nbase_url = "${api.url}/v1"\n\n[[benchmarks]]\nname = "supergpqa"\n`,
  )
})

afterAll(async () => {
  await api?.close()
  await hub?.close()
})

function readLines(path: string): SampleResult[] {
  return readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l))
}

function checkRecords(lines: SampleResult[]) {
  expect(lines).toHaveLength(SUPERGPQA_ROWS.length)
  expect(new Set(lines.map((l) => l.record_id)).size).toBe(lines.length)
  for (const l of lines) {
    expect(Object.keys(l)).toEqual(SAMPLE_RESULT_KEYS)
    expect(() => SampleResultSchema.parse(l)).not.toThrow()
    const row = SUPERGPQA_ROWS.find((r) => `supergpqa-${r.uuid}` === l.record_id)!
    const m = l.scoring_metadata as Record<string, unknown>
    expect(m.reference_letter).toBe(row.answer_letter)
    expect(l.is_correct).toBe(m.candidate_letter === m.reference_letter)
    expect(l.score).toBe(l.is_correct ? 1 : 0)
    expect(l.subject).toBe(row.subfield)
    expect(l.prompt_tokens).toBeGreaterThan(0)
    expect(l.completion_tokens).toBeGreaterThan(0)
    expect(l.ttft).toBeGreaterThan(0)
    expect(l.ttft).toBeLessThanOrEqual(l.latency_seconds)
  }
  const byKind = (k: number) => lines.filter((l) => rows.find((r) => `supergpqa-${SUPERGPQA_ROWS[r.i].uuid}` === l.record_id)!.i % 4 === k)
  expect(byKind(0).every((l) => l.is_correct && (l.scoring_metadata as { extraction: string }).extraction.startsWith('regex'))).toBe(true)
  expect(byKind(1).every((l) => l.is_correct === false)).toBe(true)
  expect(byKind(2).every((l) => l.is_correct && (l.scoring_metadata as { extraction: string }).extraction === 'judge')).toBe(true)
  expect(byKind(3).every((l) => l.is_correct === false && (l.scoring_metadata as { reason: string }).reason === 'no_valid_answer')).toBe(true)
}

describe('supergpqa end to end', () => {
  test('jarvis eval run -c writes one spec-shaped line per sample and a summary computed from them', async () => {
    const res = await runJarvis(['eval', 'run', '-c', join(dir, 'suite.toml')], env)
    expect(res.stderr).not.toMatch(/internal error/)
    expect(res.code, res.stdout + res.stderr).toBe(0)
    expect(res.stdout).toContain('Accuracy: 0.5000 (6/12)')
    const out = join(dir, 'out', 'supergpqa_test-model.jsonl')
    const lines = readLines(out)
    checkRecords(lines)
    const s = RunSummarySchema.parse(JSON.parse(readFileSync(`${out}.summary.json`, 'utf8')))
    expect(s).toMatchObject({ benchmark: 'supergpqa', category: 'reasoning', model: 'test-model', total_samples: 12, scored_samples: 12, correct: 6, accuracy: 0.5, errors: 0 })
    expect(Object.values(s.per_subject).reduce((a, p) => a + p.total, 0)).toBe(12)
    expect(Object.values(s.per_subject).reduce((a, p) => a + p.correct, 0)).toBe(6)
    const lat = lines.map((l) => l.latency_seconds)
    expect(s.latency_stats!.mean).toBeCloseTo(lat.reduce((a, b) => a + b, 0) / lat.length, 5)
    expect(s.latency_stats!.max).toBeCloseTo(Math.max(...lat), 6)
    expect(s.judge.calls).toBe(6)
    // The judge was asked only when the regex could not read an answer.
    expect(api.requests.filter((r) => r.body?.model === 'judge-model')).toHaveLength(6)
  })

  test('in chunks, each worker runs the records the CLI hands it: the Hub is asked once per run, not once per chunk', async () => {
    const before = hub.requests.length
    const out = join(dir, 'chunked')
    const res = await runJarvis(['eval', 'run', '-c', join(dir, 'suite.toml'), '--output-dir', out], { ...env, JARVIS_CHUNK_SIZE: '5' })
    expect(res.code, res.stdout + res.stderr).toBe(0)
    expect(res.stdout).toContain('Accuracy: 0.5000 (6/12)')
    checkRecords(readLines(join(out, 'supergpqa_test-model.jsonl')))
    // The cache is warm: each dataset load asks the Hub for the revision's commit, and only preflight loads it.
    expect(hub.requests.slice(before).filter((r) => r.path.includes('/revision/'))).toHaveLength(1)
  })

  test('a Hub benchmark selected in a thread while Vitest starts: the same records and verdicts', async () => {
    const out = join(dir, 'threaded')
    const res = await runJarvis(['eval', 'run', '-c', join(dir, 'suite.toml'), '--output-dir', out, '-v'], { ...env, JARVIS_SELECT_IN_THREAD: '1' })
    expect(res.code, res.stdout + res.stderr).toBe(0)
    expect(res.stdout).toContain('Accuracy: 0.5000 (6/12)')
    checkRecords(readLines(join(out, 'supergpqa_test-model.jsonl')))
    // The samples ran in the test worker the CLI forked before preflight (spare-worker.ts), not in a later one.
    expect(res.stderr).toContain('test worker: the one forked at start-up')
  })

  test('vitest run --project <slug> runs the same matrix row with the same verdicts', async () => {
    const res = await runProcess(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'test-model'], {
      env: { ...env, JARVIS_EVAL_CONFIG: join(dir, 'suite.toml') },
    })
    // Wrong answers are failed tests, so vitest exits 1; the JSONL has every sample.
    expect(res.stdout).toMatch(/6 failed \| 6 passed \(12\)/)
    const lines = readLines(join(dir, 'out', 'supergpqa_test-model.jsonl'))
    checkRecords(lines)
  })
})
