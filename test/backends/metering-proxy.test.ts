import OpenAI from 'openai'
import { afterEach, describe, expect, test } from 'vitest'
import { startMeteringProxy, type MeteringProxy } from '../../src/backends/external/metering-proxy.ts'
import { deadPort } from '../support/engine-test-kit.ts'
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts'
import { REAL_KEY, startToolModel } from '../support/external-agents.ts'

// The metering proxy between an external agent and its endpoint, driven by the real openai client (what Hermes and
// OpenClaw speak) against the fake server: bytes pass unchanged, each model call is metered, the key is ours.

let closers: (() => Promise<void>)[] = []
afterEach(async () => {
  await Promise.all(closers.map((c) => c()))
  closers = []
})

async function proxyTo(upstream: string, price = () => 0): Promise<MeteringProxy> {
  const p = await startMeteringProxy({ upstream, apiKey: REAL_KEY, price })
  closers.push(() => p.close())
  return p
}

async function fake(o: Parameters<typeof startFakeOpenAI>[0] = {}): Promise<FakeOpenAI> {
  const f = await startFakeOpenAI(o)
  closers.push(() => f.close())
  return f
}

/** An upstream that streams one tool call in pieces, the way vLLM and OpenAI do. */
async function toolCallingUpstream(): Promise<string> {
  const m = await startToolModel(() => ({ toolCall: { name: 'exec', arguments: { command: 'cat note.txt' } } }))
  closers.push(() => m.close())
  return `${m.url}/v1`
}

describe('metering proxy', () => {
  test('a streamed call passes through unchanged and is metered: tokens, latency, TTFT, cost, the real key upstream', async () => {
    const api = await fake({ latencyMs: 20, answer: () => 'Paris is the capital of France.' })
    const proxy = await proxyTo(`${api.url}/v1`, () => 0.5)
    const s = proxy.session()
    const client = new OpenAI({ baseURL: s.baseUrl, apiKey: s.token, maxRetries: 0 })
    const stream = await client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content: 'Capital of France?' }], stream: true, stream_options: { include_usage: true }, temperature: 0.2 })
    let text = ''
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? ''
    expect(text).toBe('Paris is the capital of France.')
    expect(s.calls).toHaveLength(1)
    const c = s.calls[0]
    expect(c).toMatchObject({ status: 200, model: 'test-model', streamed: true, usageReported: true, content: text, finishReason: 'stop', error: null, costUsd: 0.5 })
    expect(c.promptTokens).toBeGreaterThan(0)
    expect(c.completionTokens).toBe(Math.ceil(text.length / 4))
    expect(c.ttftSeconds).toBeGreaterThan(0.015)
    expect(c.ttftSeconds).toBeLessThanOrEqual(c.latencySeconds)
    expect(s.lastMessages).toEqual([{ role: 'user', content: 'Capital of France?' }])
    // Upstream: the real key replaced the session token; the body is what the client sent.
    const chat = api.requests.find((r) => r.path === '/v1/chat/completions')!
    expect(chat.headers.authorization).toBe(`Bearer ${REAL_KEY}`)
    expect(chat.body).toMatchObject({ model: 'test-model', temperature: 0.2, stream: true })
  })

  test('a JSON (non-streamed) call and GET /v1/models: only the chat call counts as a model call', async () => {
    const api = await fake({ answer: () => 'B' })
    const proxy = await proxyTo(`${api.url}`)
    const s = proxy.session()
    const client = new OpenAI({ baseURL: s.baseUrl, apiKey: s.token, maxRetries: 0 })
    expect((await client.models.list()).data.map((m) => m.id)).toEqual(['test-model'])
    const r = await client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content: 'Pick one' }] })
    expect(r.choices[0].message.content).toBe('B')
    expect(s.calls).toHaveLength(1)
    expect(s.calls[0]).toMatchObject({ streamed: false, ttftSeconds: 0, content: 'B', completionTokens: 1, usageReported: true })
  })

  test('streamed tool calls are read from their deltas', async () => {
    const proxy = await proxyTo(await toolCallingUpstream())
    const s = proxy.session()
    const client = new OpenAI({ baseURL: s.baseUrl, apiKey: s.token, maxRetries: 0 })
    const stream = await client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content: 'read the note' }], stream: true, tools: [{ type: 'function', function: { name: 'exec', parameters: {} } }] })
    for await (const _ of stream);
    expect(s.calls[0]).toMatchObject({ finishReason: 'tool_calls', usageReported: true, toolCalls: [{ id: 'call_1', name: 'exec', arguments: { command: 'cat note.txt' } }] })
    expect(s.calls[0].promptTokens).toBeGreaterThan(0)
  })

  test('wrong token: 401; unknown session or a closed one: 404; nothing reaches the endpoint', async () => {
    const api = await fake()
    const proxy = await proxyTo(`${api.url}/v1`)
    const s = proxy.session()
    const bad = await fetch(`${s.baseUrl}/models`, { headers: { authorization: 'Bearer nope' } })
    expect(bad.status).toBe(401)
    expect(await bad.json()).toMatchObject({ error: { message: expect.stringMatching(/invalid API key/) } })
    s.close()
    expect((await fetch(`${s.baseUrl}/models`, { headers: { authorization: `Bearer ${s.token}` } })).status).toBe(404)
    expect((await fetch(`${proxy.url}/v1/models`)).status).toBe(404)
    expect(api.requests).toHaveLength(0)
  })

  test('an upstream error is passed on and recorded, with the key cut out of its message', async () => {
    const api = await fake({ faults: { 1: { status: 500, message: (h) => `backend exploded, auth was ${h.authorization}` } } })
    const proxy = await proxyTo(`${api.url}/v1`)
    const s = proxy.session()
    const res = await fetch(`${s.baseUrl}/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content: 'x' }] }) })
    expect(res.status).toBe(500)
    // What the agent sees is the endpoint's answer, unchanged (its own problem to redact); what we record is clean.
    await res.text()
    expect(s.calls[0]).toMatchObject({ status: 500, errorKind: 'http_500' })
    expect(s.calls[0].error).toMatch(/^HTTP 500: backend exploded, auth was Bearer \[REDACTED\]$/)
  })

  test('an endpoint that is down: 502 to the agent, a connection failure on record', async () => {
    const proxy = await proxyTo(`http://127.0.0.1:${await deadPort()}/v1`)
    const s = proxy.session()
    const res = await fetch(`${s.baseUrl}/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${s.token}` }, body: JSON.stringify({ model: 'm', messages: [] }) })
    expect(res.status).toBe(502)
    expect(s.calls[0]).toMatchObject({ status: 502, errorKind: 'connection', error: expect.stringMatching(/unreachable \(ECONNREFUSED\)/) })
  })

  test('concurrent sessions are metered apart', async () => {
    const api = await fake({ latencyMs: 10, answer: (p) => `echo ${p}` })
    const proxy = await proxyTo(`${api.url}/v1`)
    const sessions = [proxy.session(), proxy.session(), proxy.session()]
    await Promise.all(
      sessions.map(async (s, i) => {
        const client = new OpenAI({ baseURL: s.baseUrl, apiKey: s.token, maxRetries: 0 })
        for (let k = 0; k <= i; k++) await client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content: `s${i}` }] })
      }),
    )
    expect(sessions.map((s) => s.calls.length)).toEqual([1, 2, 3])
    expect(sessions.map((s) => s.calls[0].content)).toEqual(['echo s0', 'echo s1', 'echo s2'])
  })
})
