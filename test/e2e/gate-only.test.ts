import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts'
import { LETTERS4, quizAnswer, writeQuiz, writeQuizSuite } from '../support/quiz-suite.ts'
import { runProcess } from '../support/run-process.ts'

// Issue 18 item 2, end to end: plain `vitest run` over the repo's config (the jarvis plugin adds the GateReporter
// from JARVIS_GATE_BASELINE), the real harness and openai client against the fake server. One answer in five is
// wrong in every run, so the tests fail while the gate sees no regression.

/** Question i is answered wrong when i % 5 === 0, right otherwise. */
const answer = (prompt: string) => {
  const i = Number(/Question (\d+):/.exec(prompt)?.[1] ?? -1)
  return i % 5 === 0 ? `The answer is ${LETTERS4[(i + 1) % 4]}` : quizAnswer(prompt)
}

let dir: string
let api: FakeOpenAI
let faulty: FakeOpenAI
let quiz: string
const VITEST = ['node_modules/vitest/vitest.mjs', 'run', '--project', 'test-model']

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jarvis-gate-only-'))
  quiz = writeQuiz(dir, 20)
  api = await startFakeOpenAI({ latencyMs: 2, answer })
  // Request 5 gets a 400 (not retried): one sample ends as an inference error.
  faulty = await startFakeOpenAI({ latencyMs: 2, answer, faults: { 5: { status: 400 } } })
})
afterAll(async () => {
  await api?.close()
  await faulty?.close()
})

const vitestRun = (suite: string, env: Record<string, string> = {}) =>
  runProcess(process.execPath, VITEST, { env: { JARVIS_QUIET: '1', JARVIS_EVAL_CONFIG: suite, ...env }, timeoutMs: 180_000 })

describe('JARVIS_GATE_ONLY=1 vitest run', () => {
  test('exits with the gate verdict: 0 on a pass despite wrong answers, 1 when a sample errored', async () => {
    const out = join(dir, 'out')
    const suite = writeQuizSuite(dir, { baseUrl: `${api.url}/v1`, quiz, out, run: 'max_workers = 4\nseed = 7' })
    const base = await vitestRun(suite)
    expect(base.stdout).toMatch(/4 failed \| 16 passed \(20\)/)
    expect(base.code).toBe(1)
    const baselines = join(dir, 'baselines')
    mkdirSync(baselines)
    copyFileSync(join(out, 'quiz_test-model.jsonl'), join(baselines, 'quiz_test-model.jsonl'))
    copyFileSync(join(out, 'quiz_test-model.jsonl.summary.json'), join(baselines, 'quiz_test-model.jsonl.summary.json'))

    // The status quo the issue reports: Gate: PASS, but exit 1 for the wrong answers.
    const plain = await vitestRun(suite, { JARVIS_GATE_BASELINE: baselines })
    expect(plain.stdout).toContain('Gate: PASS — no drop: accuracy unchanged (0.8000 → 0.8000 on 20 paired samples)')
    expect(plain.code).toBe(1)

    const gated = await vitestRun(suite, { JARVIS_GATE_BASELINE: baselines, JARVIS_GATE_ONLY: '1' })
    expect(gated.stdout).toMatch(/4 failed \| 16 passed \(20\)/)
    expect(gated.stdout).toContain('Gate: PASS')
    expect(gated.stdout).toContain('Gate-only: exit 0 — 1 gated run(s) passed; 4 failed test(s) are wrong answers, which the gate weighed')
    expect(gated.code, gated.stdout + gated.stderr).toBe(0)

    // An inference error is not a verdict: the gate pairs the other 19 samples, the run still exits 1.
    const errSuite = writeQuizSuite(dir, { name: 'faulty', baseUrl: `${faulty.url}/v1`, quiz, out, run: 'max_workers = 4\nseed = 7\nmax_retries = 0' })
    const errored = await vitestRun(errSuite, { JARVIS_GATE_BASELINE: baselines, JARVIS_GATE_ONLY: '1' })
    expect(errored.stdout).toContain('Gate: PASS')
    expect(errored.stdout).toMatch(/Gate-only: exit 1 — 1 failure\(s\) the gate cannot judge \(first: .*inference failed: /)
    expect(errored.code).toBe(1)
  })

  test('JARVIS_GATE_ONLY without JARVIS_GATE_BASELINE is bad input: one line, exit 2, no model call', async () => {
    const before = api.requests.length
    const suite = writeQuizSuite(dir, { name: 'nobase', baseUrl: `${api.url}/v1`, quiz, out: join(dir, 'nobase') })
    const r = await vitestRun(suite, { JARVIS_GATE_ONLY: '1' })
    expect(r.stderr).toContain('jarvis: JARVIS_GATE_ONLY needs JARVIS_GATE_BASELINE=DIR (the baselines to gate against).')
    expect(r.code).toBe(2)
    expect(api.requests.length).toBe(before)
  })
})
