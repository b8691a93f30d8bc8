import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SAMPLE_RESULT_KEYS, type SampleResult } from '../../src/core/sample-result.ts'
import type { TraceLine } from '../../src/results/trace.ts'
import { agentAnswer, writeAgentDataset, writeAgentSuite, writeMcpDataset } from '../support/agent-fixtures.ts'
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts'
import { REPO_ROOT, runJarvis, runProcess } from '../support/run-process.ts'

// The agent backend end to end: the real CLI, the real openai / ollama clients against a scripted server that
// answers with real tool_calls, real tools on real work dirs. Each answer is right only if the tool result came back.

let api: FakeOpenAI
let dir: string
let data: string
const env = { JARVIS_QUIET: '1' }

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jarvis-agent-e2e-'))
  data = writeAgentDataset(dir).path
  api = await startFakeOpenAI({ models: ['test-model'], answer: agentAnswer, latencyMs: 2 })
})
afterAll(() => api?.close())

const lines = <T = SampleResult>(path: string): T[] => readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l))
const byId = <T extends { record_id: string }>(xs: T[]) => Object.fromEntries(xs.map((x) => [x.record_id, x]))
const chatBodies = (path: string) => api.requests.filter((r) => r.path === path).map((r) => r.body!)

function checkAgentRun(out: string, engine: string) {
  const rs = byId(lines(join(out, 'agent-tasks_test-model.jsonl')))
  expect(Object.keys(rs).sort()).toEqual(['agent-tasks-calc', 'agent-tasks-escape', 'agent-tasks-n1', 'agent-tasks-n2'])
  for (const l of Object.values(rs)) {
    expect(Object.keys(l)).toEqual(SAMPLE_RESULT_KEYS)
    expect(l.backend).toBe('jarvis-agent')
    expect(l.error).toBeNull()
  }
  expect(rs['agent-tasks-n1']).toMatchObject({ is_correct: true, model_answer: 'The answer is 4417' })
  expect(rs['agent-tasks-n2']).toMatchObject({ is_correct: true, model_answer: 'The answer is 9031' })
  expect(rs['agent-tasks-calc']).toMatchObject({ is_correct: true, model_answer: 'The answer is 7006652' })
  // The read outside the work dir was refused, so the model had nothing to answer from.
  expect(rs['agent-tasks-escape']).toMatchObject({ is_correct: false, model_answer: 'The answer is unknown' })
  expect(rs['agent-tasks-n1'].scoring_metadata.query_trace).toEqual({ turns: 2, stop: 'answer', tool_calls: [{ turn: 1, name: 'file_read', arguments: { path: 'notes-1.txt' }, is_error: false }] })
  expect(rs['agent-tasks-escape'].scoring_metadata.query_trace).toEqual({ turns: 2, stop: 'answer', tool_calls: [{ turn: 1, name: 'file_read', arguments: { path: '../../../etc/hostname' }, is_error: true }] })

  const traces = byId(lines<TraceLine>(join(out, 'traces', 'agent-tasks_test-model', 'traces.jsonl')))
  expect(Object.keys(traces).sort()).toEqual(Object.keys(rs).sort())
  const t = traces['agent-tasks-n1']
  expect(Object.keys(t)).not.toContain('benchmark')
  expect(Object.keys(t)).not.toContain('backend')
  expect(t).toMatchObject({ framework: 'jarvis-evals', framework_commit: expect.stringMatching(/^[0-9a-f]{40}$|^$/), tool_calls: 1, turn_count: 2, is_correct: true })
  expect(t.trace_data.stop).toBe('answer')
  expect(t.trace_data.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant'])
  expect(t.trace_data.turns[0].tool_results).toEqual([{ id: expect.any(String), name: 'file_read', is_error: false, latency_seconds: expect.any(Number), content: 'Memo. The launch code is 4417. Burn after reading.' }])
  // Every turn's tokens add up into the line; its latency covers both calls and the tool.
  const turns = t.trace_data.turns
  expect(rs['agent-tasks-n1'].prompt_tokens).toBe(turns[0].prompt_tokens + turns[1].prompt_tokens)
  expect(rs['agent-tasks-n1'].completion_tokens).toBe(turns[0].completion_tokens + turns[1].completion_tokens)
  expect(rs['agent-tasks-n1'].latency_seconds).toBeGreaterThanOrEqual(turns[0].latency_seconds + turns[1].latency_seconds - 1e-6)
  expect(rs['agent-tasks-n1'].ttft).toBe(turns[0].ttft)
  const summary = JSON.parse(readFileSync(join(out, 'agent-tasks_test-model.jsonl.summary.json'), 'utf8'))
  expect(summary).toMatchObject({ backend: 'jarvis-agent', total_samples: 4, correct: 3, accuracy: 0.75, errors: 0 })
  return { rs, traces, engine }
}

describe('jarvis-agent end to end', () => {
  test('OpenAI tool_calls: file_read on attachments, the calculator, containment; traces and query_trace', async () => {
    const out = join(dir, 'out-openai')
    const before = chatBodies('/v1/chat/completions').length
    const res = await runJarvis(['eval', 'run', '-c', writeAgentSuite(dir, { name: 'openai', baseUrl: `${api.url}/v1`, data, out }), '--temperature', '0.3', '--max-tokens', '77', '--seed', '5'], env)
    expect(res.code, res.stdout + res.stderr).toBe(0)
    checkAgentRun(out, 'openai')
    const bodies = chatBodies('/v1/chat/completions').slice(before)
    expect(bodies).toHaveLength(8) // two turns per sample
    for (const b of bodies) {
      expect(b).toMatchObject({ temperature: 0.3, max_tokens: 77, seed: 5, stream: true })
      expect((b.tools as { function: { name: string } }[]).map((x) => x.function.name)).toEqual(['file_read', 'calculator'])
    }
    const second = bodies.find((b) => (b.messages as { role: string }[]).some((m) => m.role === 'tool'))!
    expect((second.messages as Record<string, unknown>[])[1]).toMatchObject({ role: 'assistant', tool_calls: [{ type: 'function', function: { name: expect.any(String) } }] })
  })

  test("the same through Ollama's API (native /api/chat tools)", async () => {
    const out = join(dir, 'out-ollama')
    const before = chatBodies('/api/chat').length
    const res = await runJarvis(['eval', 'run', '-c', writeAgentSuite(dir, { name: 'ollama', baseUrl: api.url, engine: 'ollama', data, out })], env)
    expect(res.code, res.stdout + res.stderr).toBe(0)
    checkAgentRun(out, 'ollama')
    const bodies = chatBodies('/api/chat').slice(before)
    expect(bodies).toHaveLength(8)
    const withResult = bodies.find((b) => (b.messages as { role: string }[]).some((m) => m.role === 'tool'))!
    expect((withResult.messages as Record<string, unknown>[]).find((m) => m.role === 'tool')).toMatchObject({ tool_name: expect.stringMatching(/file_read|calculator/) })
  })

  test('CLI flags: --tools and --max-turns override the suite; out of turns is wrong (reason max_turns), not an error', async () => {
    const out = join(dir, 'out-turns')
    const res = await runJarvis(['eval', 'run', '-c', writeAgentSuite(dir, { name: 'turns', baseUrl: `${api.url}/v1`, data, out }), '--tools', 'file_read', '--max-turns', '1'], env)
    expect(res.code, res.stdout + res.stderr).toBe(0)
    const rs = byId(lines(join(out, 'agent-tasks_test-model.jsonl')))
    for (const l of Object.values(rs)) {
      expect(l).toMatchObject({ is_correct: false, error: null, scoring_metadata: { reason: 'max_turns', query_trace: { turns: 1, stop: 'max_turns' } } })
    }
    // The calls of the last allowed turn are recorded, not run: no turn is left to read their results.
    const n1 = lines<TraceLine>(join(out, 'traces', 'agent-tasks_test-model', 'traces.jsonl')).find((t) => t.record_id === 'agent-tasks-n1')!
    expect(n1.trace_data.turns[0]).toMatchObject({ tool_calls: [{ name: 'file_read', arguments: { path: 'notes-1.txt' } }], tool_results: [] })
    expect(n1.trace_data.stop).toBe('max_turns')
  })
})

describe('MCP servers and episodes through the CLI', () => {
  test('--tools mcp:…: a real filesystem server and an SDK server that crashes on one sample; that sample errors, the run goes on', async () => {
    const { mkdirSync, realpathSync } = await import('node:fs')
    const fsDir = join(dir, 'mcp-root')
    mkdirSync(fsDir, { recursive: true })
    const mcpData = writeMcpDataset(dir, realpathSync(fsDir))
    const out = join(dir, 'out-mcp')
    const fsServer = join(REPO_ROOT, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js')
    const flaky = join(REPO_ROOT, 'test/fixtures/mcp/flaky-server.mjs')
    const suite = writeAgentSuite(dir, { name: 'mcp', baseUrl: `${api.url}/v1`, data: mcpData, out, bench: 'mcp-tasks', files: false })
    const res = await runJarvis(['eval', 'run', '-c', suite, '--tools', `mcp:${process.execPath} ${flaky},mcp:${process.execPath} ${fsServer} ${realpathSync(fsDir)}`, '--concurrency', '1'], env)
    expect(res.code, res.stdout + res.stderr).toBe(0)
    const rs = byId(lines(join(out, 'mcp-tasks_test-model.jsonl')))
    expect(rs['mcp-tasks-e2']).toMatchObject({ is_correct: null, error: expect.stringMatching(/^tool_unavailable: MCP server ".*flaky-server\.mjs" exited during the crash call/) })
    expect(rs['mcp-tasks-e2'].scoring_metadata).toMatchObject({ error_kind: 'tool_unavailable', query_trace: { turns: 1, stop: 'error', tool_calls: [{ name: 'crash' }] } })
    for (const id of ['e1', 'e3', 'e4']) expect(rs[`mcp-tasks-${id}`]).toMatchObject({ is_correct: true, error: null })
    expect(rs['mcp-tasks-fs']).toMatchObject({ is_correct: true, model_answer: 'The answer is 5150' })
    expect(rs['mcp-tasks-fs'].scoring_metadata.query_trace).toMatchObject({ tool_calls: [{ name: 'read_text_file', is_error: false }] })
    const summary = JSON.parse(readFileSync(join(out, 'mcp-tasks_test-model.jsonl.summary.json'), 'utf8'))
    expect(summary).toMatchObject({ total_samples: 5, errors: 1, correct: 4 })
  })

  test('--episode-mode: samples in dataset order, earlier successes (only) prepended as examples', async () => {
    const out = join(dir, 'out-episode')
    const before = chatBodies('/v1/chat/completions').length
    const res = await runJarvis(['eval', 'run', '-c', writeAgentSuite(dir, { name: 'episode', baseUrl: `${api.url}/v1`, data, out }), '--episode-mode'], env)
    expect(res.code, res.stdout + res.stderr).toBe(0)
    const firstTurns = chatBodies('/v1/chat/completions').slice(before).filter((b) => !(b.messages as { role: string }[]).some((m) => m.role === 'tool'))
    const prompts = firstTurns.map((b) => String((b.messages as { content: string }[])[0].content))
    // One episode (the benchmark has none of its own): the dataset's order, one sample at a time.
    expect(prompts.map((p) => /notes-\d|1234|hostname/.exec(p.split('## Current Task').at(-1)!)?.[0])).toEqual(['notes-1', 'notes-2', '1234', 'hostname'])
    expect(prompts[0]).not.toContain('Previously Completed Tasks')
    expect(prompts[1]).toBe('## Previously Completed Tasks\n\n### Example 1\nTask: What is the launch code written in notes-1.txt?\nSolution: The answer is 4417\n\n## Current Task\n\nWhat is the launch code written in notes-2.txt?')
    expect(prompts[3].match(/### Example \d/g)).toEqual(['### Example 1', '### Example 2', '### Example 3'])
    const rs = byId(lines(join(out, 'agent-tasks_test-model.jsonl')))
    expect(['n1', 'n2', 'calc', 'escape'].map((id) => rs[`agent-tasks-${id}`].scoring_metadata.prior_examples)).toEqual([0, 1, 2, 3])
    expect(rs['agent-tasks-n2'].scoring_metadata.episode_id).toBe('agent-tasks')
    expect(rs['agent-tasks-escape'].is_correct).toBe(false)
  })
})

describe('failed samples show their transcript', () => {
  test('jarvis eval report --html folds the transcript under the wrong answer', async () => {
    const out = join(dir, 'out-openai')
    if (!existsSync(join(out, 'agent-tasks_test-model.jsonl'))) await runJarvis(['eval', 'run', '-c', writeAgentSuite(dir, { name: 'openai', baseUrl: `${api.url}/v1`, data, out })], env)
    const html = join(dir, 'report.html')
    const res = await runJarvis(['eval', 'report', join(out, 'agent-tasks_test-model.jsonl'), '--html', html], env)
    expect(res.code, res.stderr).toBe(0)
    const page = readFileSync(html, 'utf8')
    expect(page).toContain('<summary>transcript: 2 turn(s), 1 tool call(s)</summary>')
    expect(page).toContain('→ file_read({&quot;path&quot;:&quot;../../../etc/hostname&quot;})')
    expect(page).toContain('error: &quot;../../../etc/hostname&quot; is outside the sample&#39;s files')
  })

  test('plain vitest: -t runs single samples of an episode (no wait for a filtered one); the html report holds the transcript', async () => {
    const out = join(dir, 'out-vitest')
    const suite = writeAgentSuite(dir, { name: 'vitest', baseUrl: `${api.url}/v1`, data, out, extra: 'episode_mode = true' })
    const htmlDir = join(dir, 'vitest-html')
    const res = await runProcess(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'test-model', '-t', 'agent-tasks-(n2|escape)', '--reporter=default', '--reporter=html', `--outputFile.html=${join(htmlDir, 'index.html')}`], {
      env: { ...env, JARVIS_EVAL_CONFIG: suite },
      timeoutMs: 120_000,
    })
    // escape is a wrong answer: a failed test, so vitest exits 1; n2 passes; the others were filtered out.
    expect(res.stdout + res.stderr).toMatch(/1 failed \| 1 passed \| 2 skipped/)
    expect(res.stdout + res.stderr).toContain('transcript')
    const rs = byId(lines(join(out, 'agent-tasks_test-model.jsonl')))
    expect(Object.keys(rs).sort()).toEqual(['agent-tasks-escape', 'agent-tasks-n2'])
    expect(rs['agent-tasks-n2']).toMatchObject({ is_correct: true, scoring_metadata: { prior_examples: 0 } })
    expect(rs['agent-tasks-escape'].scoring_metadata.prior_examples).toBe(1)
    const { readdirSync } = await import('node:fs')
    const { gunzipSync } = await import('node:zlib')
    const metaFile = readdirSync(htmlDir).find((f) => f.endsWith('.json.gz'))!
    const report = gunzipSync(readFileSync(join(htmlDir, metaFile))).toString('utf8')
    expect(report).toContain('── assistant (turn 1:')
    expect(report).toContain('is outside the sample')
  })
})
