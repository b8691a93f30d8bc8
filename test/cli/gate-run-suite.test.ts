import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { modelSlug } from '../../src/config/slug.ts'
import { gate } from '../../src/results/gate.ts'
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts'
import { quizAnswer, writeQuiz, writeQuizSuite } from '../support/quiz-suite.ts'
import { runJarvis } from '../support/run-process.ts'
import { scratchDir } from '../report/cli-fixtures.ts'

const KEY = 'sk-test-run-suite-0000'

/** runSuite in a child process (it drives Vitest's Node API, which cannot run inside a test worker). */
async function runSuiteChild(options: Record<string, unknown>) {
  const r = await runJarvis([JSON.stringify(options)], { JARVIS_CLI_ENTRY: 'test/support/run-suite-entry.ts' })
  const line = r.stdout.split('\n').find((l) => l.startsWith('RESULT '))
  if (!line) throw new Error(`no RESULT line (exit ${r.code}):\n${r.stdout}\n${r.stderr}`)
  return { code: r.code, ...JSON.parse(line.slice(7)) }
}

describe('runSuite (programmatic API)', () => {
  let api: FakeOpenAI
  beforeAll(async () => {
    api = await startFakeOpenAI({ answer: quizAnswer })
  })
  afterAll(() => api.close())

  test('runs jarvis eval run in process, passes the key by env only, and returns each run with its summary', async () => {
    const dir = resolve(scratchDir('run-suite'))
    mkdirSync(dir, { recursive: true })
    const suite = writeQuizSuite(dir, { baseUrl: `${api.url}/v1`, quiz: writeQuiz(dir, 30), out: join(dir, 'unused') })
    const base = await runSuiteChild({ config: suite, outputDir: join(dir, 'base'), apiKey: KEY, seed: 42 })
    expect(base.code).toBe(0)
    const cand = await runSuiteChild({ config: suite, outputDir: 'cand', cwd: dir, apiKey: KEY, seed: 42 })
    expect(cand.code).toBe(0)
    expect(cand.outputs).toHaveLength(1)
    expect(cand.outputs[0]).toMatchObject({ benchmark: 'quiz', model: 'test-model', jsonl: join(dir, 'cand', 'quiz_test-model.jsonl'), summary: { accuracy: 1, correct: 30, seed: 42 } })
    expect(cand.lines).toContain(`  results: ${join(dir, 'cand', 'quiz_test-model.jsonl')}`)
    // The key reached the server, and nothing the runs wrote holds it.
    expect(api.requests.some((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true)
    for (const sub of ['base', 'cand']) for (const f of readdirSync(join(dir, sub))) expect(readFileSync(join(dir, sub, f), 'utf8')).not.toContain(KEY)
    // The spec-search loop: gate the new run against the baseline.
    const v = await gate(base.outputs[0].jsonl, cand.outputs[0].jsonl)
    expect(v.verdict).toBe('pass')
  })

  test('bad input comes back as a JarvisError (exit 2), not a crash', async () => {
    const r = await runSuiteChild({ benchmarks: ['gpqa-diamnd'], model: 'qwen3:8b', outputDir: 'tmp/run-suite-bad' })
    expect(r.code).toBe(2)
    expect(r.jarvisError).toBe(true)
    expect(r.error).toMatch(/^-b\/--benchmark "gpqa-diamnd": unknown benchmark\. Did you mean "gpqa"/)
  })

  test('model slugs replace / and :', () => {
    expect(modelSlug('Qwen/Qwen3-8B:q4_K_M')).toBe('Qwen-Qwen3-8B-q4_K_M')
  })
})
