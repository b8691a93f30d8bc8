import { describe, expect, test } from 'vitest'
import { InferenceError } from '../../src/core/inference-error.ts'
import { OllamaEngine } from '../../src/engines/ollama.ts'
import { JarvisError } from '../../src/core/errors.ts'
import type { GenerateParams } from '../../src/core/engine.ts'
import { deadPort, rejection, useFakeServers } from '../support/engine-test-kit.ts'
import type { FakeOpenAI } from '../support/fake-openai.ts'

// The real `ollama` client over HTTP (native /api/chat, NDJSON stream) to the scripted fake server.

const ANSWER = 'The answer is B, since the pressure doubles.'
const serve = useFakeServers({ models: ['qwen3:8b', 'llama3.2:latest'], answer: () => ANSWER })
const engine = (host: string, maxRetries = 3, numCtx?: number) => new OllamaEngine({ host, maxRetries, numCtx })
const params = (o: Partial<GenerateParams> = {}): GenerateParams => ({
  model: 'qwen3:8b',
  messages: [{ role: 'user', content: 'What happens to the pressure? A. halves B. doubles' }],
  temperature: 0.2,
  maxTokens: 128,
  seed: 7,
  ...o,
})
const chats = (s: FakeOpenAI) => s.requests.filter((r) => r.path === '/api/chat')

describe('OllamaEngine.generate', () => {
  test('streams content and reads token counts from the final part', async () => {
    const s = await serve({ latencyMs: 20 })
    const r = await engine(s.url).generate(params())
    expect(r.content).toBe(ANSWER)
    expect(r.promptTokens).toBe(Math.ceil('What happens to the pressure? A. halves B. doubles'.length / 4))
    expect(r.completionTokens).toBe(Math.ceil(ANSWER.length / 4))
    expect(r).toMatchObject({ finishReason: 'stop', costUsd: 0, retries: 0 })
    expect(r.ttftSeconds).toBeGreaterThan(0.015)
    expect(r.ttftSeconds).toBeLessThanOrEqual(r.latencySeconds)
  })

  test('sends temperature, num_predict, seed and num_ctx as options, streaming', async () => {
    const s = await serve()
    await engine(s.url, 3, 8192).generate(params())
    expect(chats(s)[0].body).toMatchObject({
      model: 'qwen3:8b',
      stream: true,
      messages: params().messages,
      options: { temperature: 0.2, num_predict: 128, seed: 7, num_ctx: 8192 },
    })
  })

  test('500 is retried, then succeeds', async () => {
    const s = await serve({ faults: { 1: { status: 500 } } })
    await expect(engine(s.url).generate(params())).resolves.toMatchObject({ content: ANSWER, retries: 1 })
    expect(chats(s)).toHaveLength(2)
  })

  test('400 is not retried: InferenceError bad_request', async () => {
    const s = await serve({ faults: { 1: { status: 400 } } })
    const e = (await rejection(engine(s.url).generate(params()))) as InferenceError
    expect(e).toBeInstanceOf(InferenceError)
    expect(e).toMatchObject({ kind: 'bad_request', status: 400, retries: 0 })
    expect(chats(s)).toHaveLength(1)
  })

  test('a spent budget reports kind, status and retries', async () => {
    const s = await serve({ faults: { 1: { status: 503 }, 2: { status: 503 } } })
    const e = (await rejection(engine(s.url, 1).generate(params()))) as InferenceError
    expect(e).toMatchObject({ kind: 'server_error', status: 503, retries: 1 })
    expect(e.message).toContain('(after 1 retry)')
  })

  test('a server that is down fails as a connection error after the retries', async () => {
    const e = (await rejection(engine(`http://127.0.0.1:${await deadPort()}`, 1).generate(params()))) as InferenceError
    expect(e).toMatchObject({ kind: 'connection', retries: 1 })
  })

  // BUG: the signal is only wired to the stream after the response headers arrive (stream.abort()), so a server
  // that accepts the request and never answers holds the sample forever: query_timeout does not cancel it.
  // Fix: pass the signal to the request, e.g. a per-call `new Ollama({ host, fetch: (u, i) => fetch(u, { ...i,
  // signal: AbortSignal.any([i.signal, p.signal]) }) })`, and check `signal.aborted` before each retry.
  test('an AbortSignal timeout cancels a hanging request promptly', async () => {
    const s = await serve({ faults: { 1: { hang: true } } })
    const call = engine(s.url).generate(params({ signal: AbortSignal.timeout(150) }))
    call.catch(() => {}) // settles only when the server is closed after the test
    const outcome = await Promise.race([
      call.then(
        () => 'resolved',
        (e: InferenceError) => e.kind,
      ),
      new Promise((r) => setTimeout(() => r('still hanging after 1.5 s'), 1500)),
    ])
    expect(outcome).toBe('aborted')
  })
})

describe('OllamaEngine.checkModel', () => {
  test('passes for a served name:tag, and for a bare name served as :latest', async () => {
    const s = await serve()
    await expect(engine(s.url).checkModel('qwen3:8b')).resolves.toBeUndefined()
    await expect(engine(s.url).checkModel('llama3.2')).resolves.toBeUndefined()
    expect(s.requests.at(-1)).toMatchObject({ method: 'GET', path: '/api/tags' })
  })

  test('a tag it does not have is JARVIS_MODEL_NOT_SERVED with the pull command', async () => {
    const s = await serve()
    const e = (await rejection(engine(s.url).checkModel('qwen3:32b'))) as JarvisError
    expect(e).toBeInstanceOf(JarvisError)
    expect(e.code).toBe('JARVIS_MODEL_NOT_SERVED')
    expect(e.message.replace(s.url, 'URL')).toMatchInlineSnapshot(`"ollama at URL does not serve "qwen3:32b" (it has qwen3:8b, llama3.2:latest). Run ollama pull qwen3:32b or fix [[models]].name."`)
  })

  test('nothing listening is JARVIS_ENDPOINT_UNREACHABLE', async () => {
    const port = await deadPort()
    const e = (await rejection(engine(`http://127.0.0.1:${port}`).checkModel('qwen3:8b'))) as JarvisError
    expect(e.code).toBe('JARVIS_ENDPOINT_UNREACHABLE')
    expect(e.message.replace(String(port), 'PORT')).toMatchInlineSnapshot(`"ollama at http://127.0.0.1:PORT is not reachable (GET /api/tags failed). Start ollama (ollama serve) or set OLLAMA_HOST."`)
  })

  test('where shows the host without credentials', () => {
    expect(engine('http://u:secretpw@127.0.0.1:11434').where).toBe('ollama at http://127.0.0.1:11434')
  })
})
