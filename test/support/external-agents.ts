// What the external-agent tests share: the stand-ins of OpenClaw's and Hermes's contracts, a run and a sample
// task for the backends, a clean environment for them, and a JSON record the stand-ins leave in their work dir.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll } from 'vitest'
import { expandSuite } from '../../src/config/expand.ts'
import type { ResolvedRun } from '../../src/config/resolved-run.ts'
import { SuiteSchema } from '../../src/config/schema.ts'
import type { SampleTask } from '../../src/core/backend.ts'
import type { Environment } from '../../src/core/environment.ts'

export const OPENCLAW_STANDIN = fileURLToPath(new URL('./openclaw-standin', import.meta.url))
export const HERMES_STANDIN = fileURLToPath(new URL('./hermes-standin', import.meta.url))
/** What the tests use as the endpoint's real key: it must reach the endpoint and nothing else. */
export const REAL_KEY = 'sk-jarvis-test-real-key-0123456789'

export function externalRun(backend: 'openclaw' | 'hermes', baseUrl: string, o: Partial<ResolvedRun> = {}): ResolvedRun {
  const suite = SuiteSchema.parse({ models: [{ name: 'test-model' }], benchmarks: [{ name: 'supergpqa', backend }] })
  return { ...expandSuite(suite, { baseUrl }, { source: 'test', env: {}, cwd: tmpdir() })[0], ...o }
}

const scratch: string[] = []
// Registered when a test file imports this module (hooks cannot be added from inside a running test).
afterAll(() => scratch.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))

/** A temp dir removed when the test file ends. */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `jarvis-${prefix}-`))
  scratch.push(dir)
  return dir
}

/** A work dir that outlives the sample (the stand-ins write their record into it), removed with the file's scratch. */
export function workEnvironment(): Environment {
  return { kind: 'local', workDir: scratchDir('ext-work'), close: async () => {} }
}

export function agentTask(prompt: string, o: { system?: string; environment?: Environment | null; timeoutS?: number | null } = {}): SampleTask {
  return {
    record: { record_id: 'r1', problem: prompt, reference: 'B', category: 'test', subject: 'test', metadata: {} },
    messages: [...(o.system ? [{ role: 'system' as const, content: o.system }] : []), { role: 'user', content: prompt }],
    generation: { temperature: 0.3, maxTokens: 321, seed: 42 },
    tools: [],
    environment: o.environment ?? null,
    limits: { maxTurns: 10, timeoutS: o.timeoutS ?? null, tokenBudget: null },
  }
}

/** The environment a backend gets in these tests: the stand-ins, the real key, and a secret it must not pass on. */
export function agentEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    LANG: 'C.UTF-8',
    OPENCLAW_PATH: OPENCLAW_STANDIN,
    OPENCLAW_NODE: process.execPath,
    HERMES_AGENT_PATH: HERMES_STANDIN,
    HERMES_AGENT_PYTHON: 'python3',
    JARVIS_ALLOW_COMMIT_DRIFT: '1',
    JARVIS_BACKEND_API_KEY: REAL_KEY,
    HF_TOKEN: 'hf_shouldneverleak0123456789',
    ...extra,
  }
}

export const readRecord = (dir: string, name: string): Record<string, any> => JSON.parse(readFileSync(join(dir, name), 'utf8'))

export interface ToolModelReply {
  content?: string
  toolCall?: { name: string; arguments: Record<string, unknown> }
}

/**
 * A scripted model that can call tools: `reply(messages)` decides each turn (OpenAI wire messages, tool results
 * included); answers stream as SSE the way vLLM and OpenAI send them (tool-call id and name first, the arguments in
 * pieces, usage last). Every chat request body is kept in `requests`.
 */
export async function startToolModel(reply: (messages: Record<string, unknown>[]) => ToolModelReply, model = 'test-model') {
  const requests: Record<string, any>[] = []
  const server = http.createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => (raw += c))
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]
      const json = (status: number, o: unknown) => (res.writeHead(status, { 'content-type': 'application/json' }), res.end(JSON.stringify(o)))
      if (req.method === 'GET' && path === '/v1/models') return json(200, { object: 'list', data: [{ id: model, object: 'model', created: 0, owned_by: 't' }] })
      if (req.method !== 'POST' || path !== '/v1/chat/completions') return json(404, { error: { message: `no route ${path}` } })
      const body = JSON.parse(raw)
      requests.push(body)
      const r = reply(body.messages)
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      const send = (o: unknown) => res.write(`data: ${JSON.stringify(o)}\n\n`)
      const chunk = (delta: unknown, finish: string | null = null) => send({ id: `c${requests.length}`, object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason: finish }] })
      chunk({ role: 'assistant', content: '' })
      if (r.content) for (const piece of r.content.match(/[\s\S]{1,4}/g) ?? []) chunk({ content: piece })
      if (r.toolCall) {
        const args = JSON.stringify(r.toolCall.arguments)
        chunk({ tool_calls: [{ index: 0, id: `call_${requests.length}`, type: 'function', function: { name: r.toolCall.name, arguments: '' } }] })
        for (const piece of args.match(/[\s\S]{1,6}/g) ?? []) chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] })
      }
      chunk({}, r.toolCall ? 'tool_calls' : 'stop')
      const promptTokens = Math.ceil(raw.length / 4)
      const completionTokens = Math.max(1, Math.ceil(((r.content ?? '') + JSON.stringify(r.toolCall ?? '')).length / 4))
      send({ id: 'u', object: 'chat.completion.chunk', created: 0, model, choices: [], usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens } })
      res.end('data: [DONE]\n\n')
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  }
}
