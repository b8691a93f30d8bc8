// The CLI's start-up path, end to end (bin/vendor-vitest.mjs, src/cli/spare-worker.ts): Vitest's Node API comes
// from the CLI's own CommonJS bundle, compiled from V8's code cache once a run has written it, and the samples run
// in the test worker the CLI forked before it read the suite. The same run with vitest/node from node_modules
// gives the same lines. The real CLI against a scripted OpenAI-compatible server.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts'
import { runJarvis } from '../support/run-process.ts'

let api: FakeOpenAI
let dir: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jarvis-startup-'))
  api = await startFakeOpenAI({ models: ['m'], latencyMs: 2, answer: (prompt) => `The answer is ${/Question (\d+)/.exec(prompt)![1] === '2' ? 'B' : 'A'}` })
  const rows = [1, 2, 3, 4].map((i) => ({ id: `q${i}`, question: `Question ${i}: pick one`, choices: ['yes', 'no'], answer: 'A' }))
  writeFileSync(join(dir, 'quiz.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n') + '\n')
  const suite = (out: string) =>
    `[run]\nmax_workers = 2\noutput_dir = "${join(dir, out)}"\n\n[[models]]\nname = "m"\nbase_url = "${api.url}/v1"\n\n` +
    `[[benchmarks]]\nname = "quiz"\nscorer = "mcq"\n\n[benchmarks.dataset]\npath = "${join(dir, 'quiz.jsonl')}"\nchoices_field = "choices"\nanswer_field = "answer"\n`
  writeFileSync(join(dir, 'bundled.toml'), suite('bundled'))
  writeFileSync(join(dir, 'plain.toml'), suite('plain'))
})

afterAll(async () => {
  await api?.close()
})

const verdicts = (out: string) =>
  readFileSync(join(dir, out, 'quiz_m.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
    .map((r) => `${r.record_id} ${r.model_answer} ${r.is_correct}`)
    .sort()

describe('the CLI start-up', () => {
  test('loads vitest/node from its bundle, from the code cache once written, and runs in the worker forked before the suite was read', async () => {
    const first = await runJarvis(['eval', 'run', '-c', join(dir, 'bundled.toml'), '-v'])
    expect(first.code, first.stdout + first.stderr).toBe(0)
    expect(first.stderr).toMatch(/vitest\/node: the CLI's bundle, \d+ of \d+ chunks compiled from V8's code cache/)
    // -v is in the environment of the run's workers: the worker forked before the command was parsed guessed it.
    expect(first.stderr).toContain('test worker: the one forked at start-up, before the suite was read')
    // The first run (here or in a test beside this one) wrote the code cache; this one compiles nothing from source.
    const second = await runJarvis(['eval', 'run', '-c', join(dir, 'bundled.toml'), '-v'])
    expect(second.code, second.stdout + second.stderr).toBe(0)
    const [, cached, chunks] = /vitest\/node: the CLI's bundle, (\d+) of (\d+) chunks/.exec(second.stderr)!
    expect(Number(chunks)).toBeGreaterThan(3)
    expect(cached).toBe(chunks)
    expect(second.stdout).toContain('Accuracy: 0.7500 (3/4)')
    expect(second.stderr).toContain('test worker: the one forked at start-up, before the suite was read')
  })

  test('JARVIS_VENDOR_VITEST=0 loads vitest/node from node_modules: the same lines', async () => {
    const plain = await runJarvis(['eval', 'run', '-c', join(dir, 'plain.toml'), '-v'], { JARVIS_VENDOR_VITEST: '0' })
    expect(plain.code, plain.stdout + plain.stderr).toBe(0)
    expect(plain.stderr).toContain('vitest/node: node_modules')
    expect(plain.stdout).toContain('Accuracy: 0.7500 (3/4)')
    expect(verdicts('plain')).toEqual(verdicts('bundled'))
  })
})
