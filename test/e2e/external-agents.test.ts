import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { RunSummarySchema, SAMPLE_RESULT_KEYS, SampleResultSchema, type SampleResult } from '../../src/core/sample-result.ts'
import { SUPERGPQA_ROWS, writeHubFixtures } from '../support/dataset-fixtures.ts'
import { HERMES_STANDIN, OPENCLAW_STANDIN, REAL_KEY, scratchDir } from '../support/external-agents.ts'
import { startFakeHub, type FakeHub } from '../support/fake-hub.ts'
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts'
import { LETTERS4, quizAnswer, writeQuiz } from '../support/quiz-suite.ts'
import { runJarvis } from '../support/run-process.ts'

// The real CLI with --backend openclaw (the stand-in of OpenClaw's agent-exec contract, run by this Node) and
// backend = "hermes" from a TOML suite with [backend.external] (our runner under python3, the stand-in AIAgent),
// both against the fake OpenAI server, through the metering proxy: the JSONL lines field by field.

let hub: FakeHub
let api: FakeOpenAI
let dir: string

/** The right letter for a SuperGPQA fixture question (the prompt holds the question somewhere). */
function supergpqaAnswer(prompt: string): string {
  const row = SUPERGPQA_ROWS.find((r) => prompt.includes(String(r.question)))
  return row ? `The answer is ${row.answer_letter}.` : quizAnswer(prompt)
}

beforeAll(async () => {
  dir = scratchDir('e2e-ext')
  await writeHubFixtures(join(dir, 'hub'))
  hub = await startFakeHub({ root: join(dir, 'hub') })
  api = await startFakeOpenAI({ latencyMs: 5, answer: (p) => supergpqaAnswer(p) })
})
afterAll(async () => {
  await api?.close()
  await hub?.close()
})

const readLines = (path: string): SampleResult[] => readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l))

function checkLine(l: SampleResult, backend: string) {
  expect(Object.keys(l)).toEqual(SAMPLE_RESULT_KEYS)
  expect(() => SampleResultSchema.parse(l)).not.toThrow()
  expect(l.backend).toBe(backend)
  expect(l.model).toBe('test-model')
  expect(l.error).toBeNull()
  expect(l.is_correct).toBe(true)
  expect(l.score).toBe(1)
  expect(l.prompt_tokens).toBeGreaterThan(0)
  expect(l.completion_tokens).toBeGreaterThan(0)
  expect(l.cost_usd).toBe(0)
  expect(l.latency_seconds).toBeGreaterThan(0)
  const ext = (l.scoring_metadata as { external: Record<string, unknown> }).external
  expect(ext).toMatchObject({ framework: backend, exit_code: 0, model_calls: 1, failed_model_calls: 0, usage_source: 'proxy', turn_count: 1, tool_calls: 0 })
  expect(ext.model_seconds as number).toBeGreaterThan(0)
  expect(ext.model_seconds as number).toBeLessThan(l.latency_seconds)
}

/** Nothing the run wrote (results, summary, traces) or printed holds the endpoint's key. */
function expectNoKey(outDir: string, printed: string) {
  expect(printed).not.toContain(REAL_KEY)
  const files = readdirSync(outDir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile())
  expect(files.length).toBeGreaterThan(1)
  for (const f of files) expect(readFileSync(join(f.parentPath, f.name), 'utf8')).not.toContain(REAL_KEY)
}

describe('external agents through the CLI', () => {
  test('jarvis eval run --backend openclaw --base-url --api-key: one line per sample, the calls metered by the proxy', async () => {
    const out = join(dir, 'out-openclaw')
    const before = api.requests.length
    const res = await runJarvis(
      ['eval', 'run', '-b', 'supergpqa', '-m', 'test-model', '--backend', 'openclaw', '--base-url', `${api.url}/v1`, '--api-key', REAL_KEY, '-n', '4', '-w', '2', '--temperature', '0.4', '--max-tokens', '77', '--output-dir', out, '-v'],
      { HF_ENDPOINT: hub.url, HF_HOME: join(dir, 'hf'), JARVIS_QUIET: '1', OPENCLAW_PATH: OPENCLAW_STANDIN, OPENCLAW_NODE: process.execPath },
    )
    expect(res.code, res.stdout + res.stderr).toBe(0)
    expect(res.stdout).toMatch(/openclaw 2026\.9\.6 at .*openclaw-standin \(node v\d+\.\d+\.\d+\); model test-model at openai-compatible at http:\/\/127\.0\.0\.1:\d+\/v1/)
    expect(res.stdout).toContain('Accuracy: 1.0000 (4/4)')
    const lines = readLines(join(out, 'supergpqa_test-model.jsonl'))
    expect(lines).toHaveLength(4)
    expect(new Set(lines.map((l) => l.record_id)).size).toBe(4)
    for (const l of lines) {
      checkLine(l, 'openclaw')
      expect(l.ttft).toBeGreaterThan(0) // OpenClaw streams: the proxy saw the first token
      expect(l.ttft).toBeLessThan(l.latency_seconds)
      expect((l.scoring_metadata as { external: { framework_version: string } }).external.framework_version).toBe('2026.9.6')
    }
    // Every model call went to the run's endpoint with the run's settings and the real key.
    const chats = api.requests.slice(before).filter((r) => r.path === '/v1/chat/completions')
    expect(chats).toHaveLength(4)
    for (const c of chats) {
      expect(c.headers.authorization).toBe(`Bearer ${REAL_KEY}`)
      expect(c.body).toMatchObject({ model: 'test-model', temperature: 0.4, max_completion_tokens: 77 })
    }
    // Traces: the framework that ran and its version (OpenJarvis records the pin), the metered turns, query_trace.
    const traces = readFileSync(join(out, 'traces', 'supergpqa_test-model', 'traces.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l))
    expect(traces).toHaveLength(4)
    for (const t of traces) {
      expect(t).toMatchObject({ framework: 'openclaw', framework_commit: '2026.9.6', turn_count: 1, tool_calls: 0 })
      expect(t.trace_data.messages.map((m: { role: string }) => m.role)).toEqual(['system', 'user', 'assistant'])
    }
    for (const l of lines) expect((l.scoring_metadata as { query_trace: unknown }).query_trace).toEqual({ turns: 1, stop: 'answer', tool_calls: [] })
    const s = RunSummarySchema.parse(JSON.parse(readFileSync(join(out, 'supergpqa_test-model.jsonl.summary.json'), 'utf8')))
    expect(s).toMatchObject({ backend: 'openclaw', total_samples: 4, correct: 4, errors: 0, total_input_tokens: lines.reduce((n, l) => n + l.prompt_tokens, 0) })
    expectNoKey(out, res.stdout + res.stderr)
  })

  test('backend = "hermes" with [backend.external]: the key from the TOML reaches the endpoint only', async () => {
    const out = join(dir, 'out-hermes')
    const quiz = writeQuiz(dir, 3)
    const suite = join(dir, 'hermes.toml')
    writeFileSync(
      suite,
      `[backend.external]\nbase_url = "${api.url}/v1"\napi_key = "${REAL_KEY}"\n\n[run]\noutput_dir = "${out}"\nmax_workers = 3\n\n[[models]]\nname = "test-model"\n\n` +
        `[[benchmarks]]\nname = "quiz"\nbackend = "hermes"\nscorer = "mcq"\n\n[benchmarks.dataset]\npath = "${quiz}"\nid_field = "id"\nchoices_field = "choices"\nsubject_field = "topic"\n`,
    )
    const before = api.requests.length
    const res = await runJarvis(['eval', 'run', '-c', suite], { HERMES_AGENT_PATH: HERMES_STANDIN, HERMES_AGENT_PYTHON: 'python3', JARVIS_ALLOW_COMMIT_DRIFT: '1', JARVIS_QUIET: '1' })
    expect(res.code, res.stdout + res.stderr).toBe(0)
    expect(res.stdout).toMatch(/hermes not a git checkout \(no commit to check\) at .*hermes-standin \(python 3\.\d+\.\d+ at python3, commit drift allowed\)/)
    expect(res.stdout).toContain('Accuracy: 1.0000 (3/3)')
    const lines = readLines(join(out, 'quiz_test-model.jsonl'))
    expect(lines.map((l) => l.record_id).sort()).toEqual(['quiz-q0000', 'quiz-q0001', 'quiz-q0002'])
    for (const l of lines) {
      checkLine(l, 'hermes')
      expect(l.model_answer).toBe(`The answer is ${LETTERS4[Number(l.record_id.slice(-1))]}`)
      expect(l.ttft).toBe(0) // not streamed: no first-token time
    }
    const chats = api.requests.slice(before).filter((r) => r.path === '/v1/chat/completions')
    expect(chats).toHaveLength(3)
    for (const c of chats) expect(c.headers.authorization).toBe(`Bearer ${REAL_KEY}`)
    expectNoKey(out, res.stdout + res.stderr)
  })

  test('jarvis eval list says what this machine has for each external backend', async () => {
    const have = await runJarvis(['eval', 'list'], { OPENCLAW_PATH: OPENCLAW_STANDIN, OPENCLAW_NODE: process.execPath, HERMES_AGENT_PATH: HERMES_STANDIN, HERMES_AGENT_PYTHON: 'python3', JARVIS_ALLOW_COMMIT_DRIFT: '1' })
    expect(have.code).toBe(0)
    expect(have.stdout).toMatch(/│ openclaw +│ ready +│/)
    expect(have.stdout).toContain(`  openclaw: OpenClaw 2026.9.6 at ${OPENCLAW_STANDIN}, node ${process.version}`)
    expect(have.stdout).toMatch(/ {2}hermes: Hermes \(not a git checkout \(no commit to check\)\) at .*hermes-standin, python 3\.\d+\.\d+, drift allowed/)
    const bare = await runJarvis(['eval', 'list'], {})
    expect(bare.stdout).toMatch(/│ openclaw +│ missing \(below\) +│/)
    expect(bare.stdout).toContain('  openclaw: OPENCLAW_PATH is not set. Install OpenClaw')
    expect(bare.stdout).toContain('  hermes: HERMES_AGENT_PATH is not set. Clone NousResearch/hermes-agent at 5d3be898a')
  })

  test('bad input: no endpoint, no OpenClaw, no Hermes — one line, exit 2, before any model call, nothing written', async () => {
    const out = join(dir, 'out-bad')
    const before = api.requests.length
    const run = (extra: string[], env: Record<string, string>) => runJarvis(['eval', 'run', '-b', 'supergpqa', '-m', 'test-model', '-n', '2', '--output-dir', out, ...extra], { HF_ENDPOINT: hub.url, HF_HOME: join(dir, 'hf'), ...env })
    const noEndpoint = await run(['--backend', 'openclaw'], { OPENCLAW_PATH: OPENCLAW_STANDIN, OPENCLAW_NODE: process.execPath })
    const noOpenClaw = await run(['--backend', 'openclaw', '--base-url', `${api.url}/v1`], {})
    const noHermes = await run(['--backend', 'hermes', '--base-url', `${api.url}/v1`], {})
    expect({ code: noEndpoint.code, err: noEndpoint.stderr.trim() }).toEqual({
      code: 2,
      err: 'jarvis: openclaw backend needs an OpenAI-compatible endpoint for its model calls: pass --base-url and --api-key, set JARVIS_BACKEND_BASE_URL/JARVIS_BACKEND_API_KEY, or add [backend.external] base_url/api_key to the config.',
    })
    expect(noOpenClaw.code).toBe(2)
    expect(noOpenClaw.stderr.trim()).toMatch(/^jarvis: openclaw backend: OPENCLAW_PATH is not set\. Install OpenClaw .*$/)
    expect(noHermes.code).toBe(2)
    expect(noHermes.stderr.trim()).toMatch(/^jarvis: hermes backend: HERMES_AGENT_PATH is not set\. Clone NousResearch\/hermes-agent at 5d3be898a.*$/)
    expect(api.requests.slice(before).filter((r) => r.path === '/v1/chat/completions')).toHaveLength(0)
    expect(existsSync(join(out, 'supergpqa_test-model.jsonl'))).toBe(false)
  })
})
