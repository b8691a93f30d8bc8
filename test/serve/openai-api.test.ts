// startServer + the tiny model, driven by the real `openai` client over HTTP on 127.0.0.1.
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLlamaCppEngine, type LlamaCppEngine, type StreamingEngine } from '../../src/engines/llama-cpp.ts'
import { TINY_COUNTING_TEXT, TINY_COUNTING_TEXT_32, TINY_MODEL_PATH } from '../support/tiny-model/tiny-gguf.ts'
import { startServer, type RunningServer } from '../../src/serve/server.ts'

const MODEL = 'tiny-counting-llama'
const messages = [{ role: 'user' as const, content: 'Count.' }]
let engine: LlamaCppEngine
let server: RunningServer
let client: OpenAI

beforeAll(async () => {
  engine = createLlamaCppEngine({ model: TINY_MODEL_PATH, threads: 1, gpu: false, maxSequences: 2, contextSize: 512 })
  await engine.checkModel(TINY_MODEL_PATH)
  server = await startServer({ engine, modelId: MODEL })
  client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'local-test', maxRetries: 0, timeout: 20_000 })
})
afterAll(async () => {
  await server?.close()
  await engine?.close()
})

describe('chat completions', () => {
  test('lists and retrieves the served model id', async () => {
    expect((await client.models.list()).data.map((m) => [m.id, m.object])).toEqual([[MODEL, 'model']])
    expect((await client.models.retrieve(MODEL)).id).toBe(MODEL)
  })

  test('answers without streaming, with usage and finish_reason "length" at max_tokens 32', async () => {
    const r = await client.chat.completions.create({ model: MODEL, messages, temperature: 0, max_tokens: 32 })
    expect(r.object).toBe('chat.completion')
    expect(r.choices[0]).toMatchObject({ index: 0, message: { role: 'assistant', content: TINY_COUNTING_TEXT_32 }, finish_reason: 'length' })
    expect(r.usage).toEqual({ prompt_tokens: 16, completion_tokens: 32, total_tokens: 48 })
  })

  test('streams role chunk, 46 content chunks, finish_reason "stop", then a usage chunk with no choices', async () => {
    const t0 = performance.now()
    let ttft = 0
    const chunks: OpenAI.ChatCompletionChunk[] = []
    const stream = await client.chat.completions.create({ model: MODEL, messages, temperature: 0, max_completion_tokens: 64, stream: true, stream_options: { include_usage: true } })
    for await (const c of stream) {
      if (!ttft && c.choices[0]?.delta.content) ttft = performance.now() - t0
      chunks.push(c)
    }
    expect(chunks[0].choices[0].delta).toEqual({ role: 'assistant', content: '' })
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe(TINY_COUNTING_TEXT)
    expect(chunks).toHaveLength(1 + 46 + 1 + 1)
    expect(chunks.at(-2)!.choices[0]).toMatchObject({ delta: {}, finish_reason: 'stop' })
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 16, completion_tokens: 46, total_tokens: 62 } })
    expect(chunks.slice(0, -1).every((c) => c.usage === null)).toBe(true)
    expect(ttft).toBeGreaterThan(0)
  })

  test('streams without usage fields unless include_usage is asked for', async () => {
    const stream = await client.chat.completions.create({ model: MODEL, messages, temperature: 0, max_tokens: 4, stream: true })
    const chunks: OpenAI.ChatCompletionChunk[] = []
    for await (const c of stream) chunks.push(c)
    expect(chunks.every((c) => !('usage' in c) && c.choices.length === 1)).toBe(true)
    expect(chunks.at(-1)!.choices[0].finish_reason).toBe('length')
  })

  test('takes several requests at once (a gate holds them until all four reached the engine)', async () => {
    let arrived = 0
    let open!: () => void
    const gate = new Promise<void>((r) => (open = r))
    // Counts calls, then hands each to the real engine; a server that serialised requests would never open the gate.
    const gated: StreamingEngine = {
      ...engine,
      generate: (p) => gated.generateStream(p, () => {}),
      generateStream: async (p, onDelta) => {
        if (++arrived === 4) open()
        await gate
        return engine.generateStream(p, onDelta)
      },
    }
    const s = await startServer({ engine: gated, modelId: MODEL })
    try {
      const c = new OpenAI({ baseURL: `${s.url}/v1`, apiKey: 'local-test', maxRetries: 0, timeout: 20_000 })
      const ask = (stream: boolean) =>
        stream
          ? c.chat.completions.create({ model: MODEL, messages, temperature: 0, stream: true }).then(async (st) => {
              let text = ''
              for await (const ch of st) text += ch.choices[0]?.delta.content ?? ''
              return text
            })
          : c.chat.completions.create({ model: MODEL, messages, temperature: 0 }).then((r) => r.choices[0].message.content)
      expect(await Promise.all([ask(true), ask(false), ask(true), ask(false)])).toEqual(Array(4).fill(TINY_COUNTING_TEXT))
    } finally {
      await s.close()
    }
  })

  test('aborts the engine call when the client goes away, and keeps serving', async () => {
    let arrived!: (signal: AbortSignal) => void
    const signalSeen = new Promise<AbortSignal>((r) => (arrived = r))
    let outcome: Promise<unknown> = Promise.resolve()
    // Holds the request until its signal fires, then hands it to the real engine (which must refuse it).
    const watching: StreamingEngine = {
      ...engine,
      generate: (p) => watching.generateStream(p, () => {}),
      generateStream: (p, onDelta) => {
        arrived(p.signal!)
        const run = new Promise((r) => p.signal!.addEventListener('abort', r, { once: true })).then(() => engine.generateStream(p, onDelta))
        outcome = run.catch((e: Error) => e.message)
        return run
      },
    }
    const s = await startServer({ engine: watching, modelId: MODEL })
    try {
      const ac = new AbortController()
      const c = new OpenAI({ baseURL: `${s.url}/v1`, apiKey: 'local-test', maxRetries: 0 })
      const request = c.chat.completions.create({ model: MODEL, messages, stream: true }, { signal: ac.signal }).catch((e: Error) => e)
      expect((await signalSeen).aborted).toBe(false)
      ac.abort()
      await request
      expect(await outcome).toBe('client closed the connection')
    } finally {
      await s.close()
    }
    const r = await client.chat.completions.create({ model: MODEL, messages, temperature: 0, max_tokens: 32 })
    expect(r.choices[0].message.content).toBe(TINY_COUNTING_TEXT_32)
  })
})

describe('errors', () => {
  const post = (body: string) => fetch(`${server.url}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })

  test('unknown model: 404 model_not_found in the OpenAI error shape', async () => {
    const res = await post(JSON.stringify({ model: 'gpt-9', messages }))
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchInlineSnapshot(`
      {
        "error": {
          "code": "model_not_found",
          "message": "The model \`gpt-9\` does not exist or you do not have access to it.",
          "param": "model",
          "type": "invalid_request_error",
        },
      }
    `)
    const e = await client.chat.completions.create({ model: 'gpt-9', messages }).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(OpenAI.NotFoundError)
    expect(e).toMatchObject({ status: 404, code: 'model_not_found', param: 'model', type: 'invalid_request_error' })
  })

  test('empty or missing messages: 400 naming the parameter', async () => {
    const empty = await client.chat.completions.create({ model: MODEL, messages: [] }).catch((x: unknown) => x)
    expect(empty).toBeInstanceOf(OpenAI.BadRequestError)
    expect(empty).toMatchObject({ status: 400, code: 'empty_array', param: 'messages' })
    const res = await post(JSON.stringify({ model: MODEL }))
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchInlineSnapshot(`
      {
        "error": {
          "code": "missing_required_parameter",
          "message": "Missing required parameter: 'messages'.",
          "param": "messages",
          "type": "invalid_request_error",
        },
      }
    `)
  })

  test('invalid JSON: 400 invalid_request_error', async () => {
    const res = await post('{"model": "tiny-counting-llama", "messages": [')
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchInlineSnapshot(`
      {
        "error": {
          "code": null,
          "message": "We could not parse the JSON body of your request. Send a JSON object with model and messages.",
          "param": null,
          "type": "invalid_request_error",
        },
      }
    `)
  })

  test('a prompt longer than the context: 400 with the reason, even when streaming (headers wait for the first token)', async () => {
    const e = await client.chat.completions
      .create({ model: MODEL, messages: [{ role: 'user', content: 'Count.' + ' one'.repeat(600) }], stream: true })
      .catch((x: unknown) => x)
    expect(e).toBeInstanceOf(OpenAI.BadRequestError)
    expect((e as Error).message).toBe('400 llamacpp: the prompt has 616 tokens but a sequence holds 512. Raise the context size or shorten the prompt.')
  })

  test('unknown route 404 and wrong method 405, same shape', async () => {
    const a = await fetch(`${server.url}/v1/completions`, { method: 'POST', body: '{}' })
    const b = await fetch(`${server.url}/v1/chat/completions`)
    const errorOf = async (r: Response) => ((await r.json()) as { error: { code: string; message: string } }).error
    expect([a.status, (await errorOf(a)).code, b.status, (await errorOf(b)).message]).toMatchInlineSnapshot(`
      [
        404,
        "unknown_url",
        405,
        "GET is not allowed on /v1/chat/completions; use POST.",
      ]
    `)
    expect(await (await fetch(`${server.url}/health`)).json()).toEqual({ status: 'ok', model: MODEL })
  })
})
