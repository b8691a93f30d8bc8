// startServer + the tiny model, driven by the real `ollama` client over HTTP on 127.0.0.1.
import { Ollama, type ChatResponse } from 'ollama'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createLlamaCppEngine, type LlamaCppEngine } from '../../src/engines/llama-cpp.ts'
import { TINY_COUNTING_TEXT, TINY_COUNTING_TEXT_32, TINY_MODEL_PATH } from '../support/tiny-model/tiny-gguf.ts'
import { startServer, type RunningServer } from '../../src/serve/server.ts'

const messages = [{ role: 'user', content: 'Count.' }]
let engine: LlamaCppEngine
let server: RunningServer
let ollama: Ollama

beforeAll(async () => {
  engine = createLlamaCppEngine({ model: TINY_MODEL_PATH, threads: 1, gpu: false, maxSequences: 2, contextSize: 512 })
  await engine.checkModel(TINY_MODEL_PATH)
  server = await startServer({ engine, modelId: 'tiny-counting-llama' })
  ollama = new Ollama({ host: server.url })
})
afterAll(async () => {
  await server?.close()
  await engine?.close()
})

test('lists the model as name:latest at /api/tags', async () => {
  expect((await ollama.list()).models.map((m) => [m.name, m.model])).toEqual([['tiny-counting-llama:latest', 'tiny-counting-llama:latest']])
})

test('answers without streaming: counts, done_reason "length" at num_predict 32, durations in nanoseconds', async () => {
  const t0 = performance.now()
  const r = await ollama.chat({ model: 'tiny-counting-llama:latest', messages, stream: false, options: { temperature: 0, num_predict: 32 } })
  const wallNs = (performance.now() - t0) * 1e6
  expect(r).toMatchObject({ model: 'tiny-counting-llama:latest', message: { role: 'assistant', content: TINY_COUNTING_TEXT_32 }, done: true, done_reason: 'length', prompt_eval_count: 16, eval_count: 32, load_duration: 0 })
  for (const k of ['total_duration', 'prompt_eval_duration', 'eval_duration'] as const) expect(Number.isInteger(r[k])).toBe(true)
  // 32 tokens take well over 100 µs and under the client's wall time: nanoseconds, not ms or µs.
  expect(r.total_duration).toBeGreaterThan(100_000)
  expect(r.total_duration).toBeLessThan(wallNs)
  expect(Math.abs(r.prompt_eval_duration + r.eval_duration - r.total_duration)).toBeLessThanOrEqual(1)
})

test('streams NDJSON: one part per token, then a done part with the stats', async () => {
  const parts: ChatResponse[] = []
  for await (const p of await ollama.chat({ model: 'tiny-counting-llama', messages, stream: true, options: { temperature: 0, seed: 1 } })) parts.push(p)
  expect(parts).toHaveLength(46 + 1)
  expect(parts.map((p) => p.message.content).join('')).toBe(TINY_COUNTING_TEXT)
  expect(parts.slice(0, -1).every((p) => p.done === false)).toBe(true)
  expect(parts.at(-1)).toMatchObject({ done: true, done_reason: 'stop', message: { role: 'assistant', content: '' }, prompt_eval_count: 16, eval_count: 46 })
  expect(parts.at(-1)!.eval_duration).toBeGreaterThan(0)
})

test('errors: unknown model 404, empty messages 400, invalid JSON 400, as {error: "…"}', async () => {
  const unknown = await ollama.chat({ model: 'llama3:8b', messages }).catch((e: unknown) => e)
  expect(unknown).toMatchObject({ name: 'ResponseError', status_code: 404, error: 'model "llama3:8b" not found, try pulling it first' })
  const empty = await ollama.chat({ model: 'tiny-counting-llama', messages: [] }).catch((e: unknown) => e)
  expect(empty).toMatchObject({ status_code: 400, error: "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead." })
  const res = await fetch(`${server.url}/api/chat`, { method: 'POST', body: '{"model": ' })
  expect([res.status, await res.json()]).toEqual([400, { error: 'We could not parse the JSON body of your request. Send a JSON object with model and messages.' }])
})
