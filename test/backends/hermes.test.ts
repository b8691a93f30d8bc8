import { execFile, execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { HERMES_RUNNER, HermesBackend, probeHermes } from '../../src/backends/hermes.ts'
import type { SampleTask } from '../../src/core/backend.ts'
import { JarvisError } from '../../src/core/errors.ts'
import { agentEnv, agentTask, externalRun, HERMES_STANDIN, readRecord, REAL_KEY, scratchDir, workEnvironment } from '../support/external-agents.ts'
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts'

// The hermes backend: our hermes_runner.py (OpenJarvis's runner contract) run by a real python3 against a stand-in
// of Hermes's run_agent.AIAgent (test/support/hermes-standin), through the metering proxy to the fake server.

let api: FakeOpenAI
beforeAll(async () => {
  api = await startFakeOpenAI({ answer: (p, body) => ((body.messages as { role: string }[]).some((m) => m.role === 'tool') ? 'The tool said 42.' : p.includes('capital') ? 'Paris' : `Read ${p.length} characters`) })
})
afterAll(() => api.close())

async function solve(task: SampleTask, o: { env?: Record<string, string>; signal?: AbortSignal } = {}) {
  const backend = new HermesBackend(externalRun('hermes', `${api.url}/v1`), () => {}, agentEnv(o.env))
  try {
    await backend.ready()
    return await backend.solve(task, { signal: o.signal })
  } finally {
    await backend.close()
  }
}

describe('hermes backend (stand-in AIAgent, real runner)', () => {
  test('an answer: the runner contract, the run\'s settings forwarded, every call metered, the real key only upstream', async () => {
    const env = workEnvironment()
    const before = api.requests.length
    const a = await solve(agentTask('What is the capital of France?', { system: 'Answer in one word.', environment: env }))
    expect(a.error).toBeNull()
    expect(a.answer).toBe('Paris')
    expect(a.turns).toHaveLength(1)
    expect(a.usage.completionTokens).toBe(2)
    expect(a.ttftSeconds).toBe(0) // Hermes does not stream here: no first-token time to measure
    expect(a.artifacts?.external).toMatchObject({ framework: 'hermes', framework_version: 'not a git checkout (no commit to check)', exit_code: 0, turn_count: 1, tool_calls: 0, usage_source: 'proxy' })
    const rec = readRecord(env.workDir, 'hermes-standin-record.json')
    expect(rec.init).toEqual({ api_mode: 'chat_completions', max_iterations: 90, quiet_mode: true, save_trajectories: true, platform: 'openjarvis-eval', max_tokens: 321, request_overrides: { temperature: 0.3 } })
    expect(rec.system_message).toBe('Answer in one word.')
    expect(rec.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/s\/[0-9a-f-]{36}\/v1$/)
    expect(rec.api_key).toMatch(/^jarvis-proxy-/)
    expect(rec.cwd).toBe(env.workDir)
    // Only what we set (python3 may be a pyenv shim, which adds its own PYENV_* variables): no key, token or JARVIS_*.
    expect(Object.keys(rec.env)).toEqual(expect.arrayContaining(['HERMES_AGENT_PATH', 'HOME', 'LANG', 'PATH', 'PYTHONDONTWRITEBYTECODE', 'PYTHONIOENCODING', 'TMPDIR']))
    expect(Object.keys(rec.env).filter((k) => /KEY|TOKEN|SECRET|JARVIS|OPENCLAW|^HF_/.test(k))).toEqual([])
    expect(rec.env.HOME).toMatch(/jarvis-hermes-.*\/home$/)
    const chat = api.requests.slice(before).find((r) => r.path === '/v1/chat/completions')!
    expect(chat.headers.authorization).toBe(`Bearer ${REAL_KEY}`)
    expect(chat.body).toMatchObject({ model: 'test-model', max_tokens: 321, temperature: 0.3 })
    expect(JSON.stringify(a) + JSON.stringify(rec)).not.toContain(REAL_KEY)
  })

  test('a tool step: two turns, the tool call in the metered turns and the transcript', async () => {
    const a = await solve(agentTask('HERMES_STANDIN:tool compute'))
    expect(a.answer).toBe('The tool said 42.')
    expect(a.turns).toHaveLength(2)
    expect(a.artifacts?.external).toMatchObject({ turn_count: 2, tool_calls: 1, tools: ['terminal'], model_calls: 2 })
    expect(a.transcript.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant'])
    expect(a.transcript[1].toolCalls).toEqual([{ id: 'call_1', name: 'terminal', arguments: { command: 'echo 42' } }])
  })

  test('a task over 128 KiB travels in a file, whole', async () => {
    const env = workEnvironment()
    const prompt = `Count. ${'y'.repeat(200 * 1024)}`
    const a = await solve(agentTask(prompt, { environment: env }))
    expect(a.answer).toBe(`Read ${prompt.length} characters`)
    const rec = readRecord(env.workDir, 'hermes-standin-record.json')
    expect(rec.task_length).toBe(prompt.length)
    expect(rec.task_sha256).toBe(createHash('sha256').update(prompt).digest('hex'))
  })

  test.each([
    ['HERMES_STANDIN:raise', 'hermes_runtime_error', /^hermes: hermes_runtime_error: stand-in failure$/],
    ['HERMES_STANDIN:non_dict', 'hermes_returned_non_dict', /^hermes: hermes_returned_non_dict: str$/],
    ['HERMES_STANDIN:no_final', 'hermes_returned_unexpected_shape', /^hermes: hermes_returned_unexpected_shape: keys \['messages'\]$/],
  ])('%s → an error line of kind %s', async (prompt, kind, message) => {
    const a = await solve(agentTask(prompt))
    expect(a.error?.kind).toBe(kind)
    expect(a.error?.message).toMatch(message)
  })

  test('Hermes without usage in its messages: the proxy still counts the tokens', async () => {
    const a = await solve(agentTask('HERMES_STANDIN:no_usage hi'))
    expect(a.usage.promptTokens).toBeGreaterThan(0)
    expect(a.artifacts?.external).toMatchObject({ usage_source: 'proxy' })
  })

  test('the runner alone: exit 2 without HERMES_AGENT_PATH, exit 3 when run_agent cannot be imported, the error in its JSON', async () => {
    const dir = scratchDir('hermes-runner')
    writeFileSync(join(dir, 'task.txt'), 'hi')
    const runner = (env: Record<string, string>) =>
      new Promise<{ code: number | null; out: Record<string, unknown> }>((resolve) => {
        const args = [HERMES_RUNNER, '--task-file', join(dir, 'task.txt'), '--model', 'm', '--base-url', 'http://127.0.0.1:9/v1', '--api-key', 'k', '--output-json', join(dir, 'out.json')]
        execFile('python3', args, { env: { PATH: process.env.PATH!, ...env } }, (e) => resolve({ code: e ? (e.code as number) : 0, out: JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')) }))
      })
    expect(await runner({})).toEqual({ code: 2, out: { content: '', usage: {}, trajectory: [], tool_calls: 0, turn_count: 0, error: 'HERMES_AGENT_PATH not set', forwarded: {} } })
    const r3 = await runner({ HERMES_AGENT_PATH: '/nonexistent' })
    expect(r3.code).toBe(3)
    expect(r3.out.error).toBe("hermes_import_failed: No module named 'run_agent'")
  })

  test('the query timeout stops a hung Hermes (stop: timeout)', async () => {
    const t0 = Date.now()
    const a = await solve(agentTask('HERMES_STANDIN:hang', { timeoutS: 1 }), { signal: AbortSignal.timeout(1000) })
    expect(a.stop).toBe('timeout')
    expect(a.error).toBeNull()
    expect(Date.now() - t0).toBeLessThan(10_000)
  })
})

describe('hermes preflight', () => {
  const run = () => externalRun('hermes', `${api.url}/v1`)
  const refusal = async (p: Promise<unknown>) => {
    const e = await p.then(() => null, (x) => x)
    expect(e).toBeInstanceOf(JarvisError)
    return (e as JarvisError).message
  }

  test('ready with drift allowed: names the checkout, its Python and the model at the endpoint', async () => {
    expect(await probeHermes(run(), agentEnv())).toMatch(new RegExp(`^hermes not a git checkout \\(no commit to check\\) at ${HERMES_STANDIN} \\(python 3\\.\\d+\\.\\d+ at python3, commit drift allowed\\); model test-model at openai-compatible at http://127\\.0\\.0\\.1:\\d+/v1$`))
  })

  test('each missing piece is one line that says how to fix it', async () => {
    expect(await refusal(probeHermes(run(), agentEnv({ HERMES_AGENT_PATH: '' })))).toBe(
      'hermes backend: HERMES_AGENT_PATH is not set. Clone NousResearch/hermes-agent at 5d3be898a, install it into its own Python environment (uv sync), then set HERMES_AGENT_PATH=<checkout> and HERMES_AGENT_PYTHON=<checkout>/.venv/bin/python.',
    )
    expect(await refusal(probeHermes(run(), agentEnv({ HERMES_AGENT_PYTHON: '/nonexistent/python' })))).toMatch(/^hermes backend: cannot run \/nonexistent\/python \(ENOENT\)\. Set HERMES_AGENT_PYTHON/)
    const broken = scratchDir('hermes-broken')
    writeFileSync(join(broken, 'run_agent.py'), 'import openai_that_is_not_here\n')
    expect(await refusal(probeHermes(run(), agentEnv({ HERMES_AGENT_PATH: broken })))).toBe(
      `hermes backend: python3 cannot import run_agent from HERMES_AGENT_PATH=${broken} (ModuleNotFoundError: No module named 'openai_that_is_not_here'). Use the Python of the Hermes environment via HERMES_AGENT_PYTHON.`,
    )
    expect(await refusal(probeHermes(externalRun('hermes', ''), agentEnv()))).toMatch(/^hermes backend needs an OpenAI-compatible endpoint/)
  })

  test('the commit pin: a checkout at another commit is refused unless JARVIS_ALLOW_COMMIT_DRIFT=1', async () => {
    const dir = scratchDir('hermes-git')
    cpSync(HERMES_STANDIN, dir, { recursive: true })
    const git = (...a: string[]) => execFileSync('git', ['-C', dir, ...a], { stdio: 'pipe', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } })
    git('init', '-q')
    git('add', '.')
    git('commit', '-qm', 'stand-in')
    const head = execFileSync('git', ['-C', dir, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim()
    expect(await refusal(probeHermes(run(), agentEnv({ HERMES_AGENT_PATH: dir, JARVIS_ALLOW_COMMIT_DRIFT: '' })))).toBe(
      `Hermes Agent at ${dir} is commit ${head.slice(0, 12)}, but jarvis-evals is pinned to commit 5d3be898a867. Check out the pinned commit (git -C <checkout> checkout 5d3be898a) and reinstall its environment (uv sync), or set JARVIS_ALLOW_COMMIT_DRIFT=1 to run this one anyway.`,
    )
  })
})
