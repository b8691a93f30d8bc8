// --query-timeout and the agents' wall clock must fire whatever the garbage collector does. Node's
// AbortSignal.any([signal, AbortSignal.timeout(ms)]) never aborts once a GC has run before the time is up
// (nodejs/node#57736): CI once waited for good on a request the server never answered. Each case here forces a
// full collection while the deadline is pending.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { expandSuite } from '../../src/config/expand.ts'
import type { ResolvedRun } from '../../src/config/resolved-run.ts'
import { SuiteSchema } from '../../src/config/schema.ts'
import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { deadline, eitherSignal } from '../../src/core/deadline.ts'
import type { EvalRecord } from '../../src/core/record.ts'
import { nullTelemetry } from '../../src/core/telemetry.ts'
import { JarvisAgentBackend } from '../../src/backends/jarvis-agent.ts'
import { JarvisDirectBackend } from '../../src/backends/jarvis-direct.ts'
import { createEngine } from '../../src/engines/index.ts'
import { OpenAICompatibleEngine } from '../../src/engines/openai-compatible.ts'
import { runSample } from '../../src/harness/run-sample.ts'
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts'
import { scriptedJudge } from '../support/fixtures-wave1.ts'
import { REPO_ROOT } from '../support/run-process.ts'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('deadline', () => {
  test('fires after a garbage collection, with a TimeoutError, when its parent never aborts', async () => {
    const parent = new AbortController()
    const d = deadline(parent.signal, 100)
    let fired = false
    d.signal!.addEventListener('abort', () => (fired = true))
    gc()
    await sleep(300)
    expect(fired).toBe(true)
    expect(d.expired).toBe(true)
    expect((d.signal!.reason as Error).name).toBe('TimeoutError')
  })

  test("follows the parent's abort with the parent's reason, and is not expired", () => {
    const parent = new AbortController()
    const d = deadline(parent.signal, 60_000)
    parent.abort(new Error('run cancelled'))
    expect(d.signal!.aborted).toBe(true)
    expect((d.signal!.reason as Error).message).toBe('run cancelled')
    expect(d.expired).toBe(false)
    d.dispose()
  })

  test('dispose() stops the timer: the signal never fires afterwards', async () => {
    const d = deadline(undefined, 50)
    d.dispose()
    await sleep(150)
    expect(d.signal!.aborted).toBe(false)
  })

  test('no time limit: the parent itself, or no signal at all', () => {
    const parent = new AbortController()
    expect(deadline(parent.signal, null).signal).toBe(parent.signal)
    expect(deadline(undefined, null).signal).toBeUndefined()
  })

  test('eitherSignal follows whichever source aborts first, after a collection', async () => {
    const a = new AbortController()
    const b = new AbortController()
    const either = eitherSignal(a.signal, b.signal)
    gc()
    await sleep(10)
    b.abort('b went first')
    expect(either.aborted).toBe(true)
    expect(either.reason).toBe('b went first')
  })
})

describe('--query-timeout through runSample, the real openai client and a server that never answers', () => {
  let hang: FakeOpenAI
  beforeAll(async () => {
    hang = await startFakeOpenAI({ faultFor: () => ({ hang: true }) })
  })
  afterAll(() => hang?.close())

  test('the sample ends as a timeout error though a GC ran while it waited', async ({ signal }) => {
    const run: ResolvedRun = { ...expandSuite(SuiteSchema.parse({ models: [{ name: 'test-model' }], benchmarks: [{ name: 'supergpqa' }] }), {}, { source: 's', env: {}, cwd: '/w' })[0], queryTimeoutS: 0.3 }
    const record: EvalRecord = { record_id: 'q-1', problem: 'Pick one.', reference: 'A', category: 'reasoning', subject: 's', metadata: {} }
    const def: BenchmarkDefinition = { key: 'q', load: async () => [record], score: async () => ({ isCorrect: true, metadata: {} }) }
    const engine = await createEngine({ engine: 'vllm', model: 'test-model', baseUrl: `${hang.url}/v1`, maxRetries: 0 }, {})
    const backend = new JarvisDirectBackend(engine, 'test-model')
    // The test's own signal, as the harness passes it (Vitest's timeout), beside --query-timeout.
    const collect = setInterval(gc, 50)
    try {
      const t0 = Date.now()
      const o = await runSample({ def, run, record, backend, judge: scriptedJudge([]), telemetry: nullTelemetry('off'), signal })
      expect(Date.now() - t0).toBeLessThan(5_000)
      expect(o.result.error).toMatch(/^timeout: /)
      expect(hang.requests.filter((r) => r.path === '/v1/chat/completions')).toHaveLength(1)
    } finally {
      clearInterval(collect)
    }
  })

  test("an agent's wall clock (limits.timeoutS) stops it though a GC ran while it waited", async ({ signal }) => {
    const agent = new JarvisAgentBackend(new OpenAICompatibleEngine({ key: 'vllm', baseUrl: hang.url, maxRetries: 0 }), 'test-model', 'simple')
    const collect = setInterval(gc, 50)
    try {
      const before = hang.requests.length
      const a = await agent.solve(
        {
          record: { record_id: 'q-2', problem: 'Pick one.', reference: 'A', category: 'agentic', subject: 's', metadata: {} },
          messages: [{ role: 'user', content: 'Pick one.' }],
          generation: { temperature: 0, maxTokens: 16, seed: 1 },
          tools: [],
          environment: null,
          limits: { maxTurns: 3, timeoutS: 0.3, tokenBudget: null },
        },
        { signal },
      )
      expect(a).toMatchObject({ stop: 'timeout', error: null })
      expect(hang.requests.length).toBe(before + 1)
    } finally {
      clearInterval(collect)
    }
  })
})

test('no module of ours combines signals with AbortSignal.any() (deadline / eitherSignal instead)', () => {
  const offenders: string[] = []
  for (const top of ['src', 'evals', 'reporters', 'bin']) {
    for (const rel of readdirSync(join(REPO_ROOT, top), { recursive: true }) as string[]) {
      if (!/\.(ts|mts|mjs)$/.test(rel) || rel.endsWith('.test.ts')) continue
      const code = readFileSync(join(REPO_ROOT, top, rel), 'utf8').replace(/^\s*(\/\/|\*|\/\*).*$/gm, '')
      if (/AbortSignal\.any\(/.test(code)) offenders.push(`${top}/${rel}`)
    }
  }
  expect(offenders).toEqual([])
})
