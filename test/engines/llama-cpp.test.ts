// Real inference on the tiny counting model (models/tiny-counting-llama.gguf), CPU, one thread (see infer-lab §1).
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createLlamaCppEngine, defaultThreads, type LlamaCppEngine } from '../../src/engines/llama-cpp.ts'
import type { ChatMessage } from '../../src/core/messages.ts'
import type { GenerateParams } from '../../src/core/engine.ts'
import { TINY_COUNTING_TEXT, TINY_COUNTING_TEXT_32, TINY_MODEL_PATH, TINY_SOFT_LOGIT_SCALE, writeTinyGguf } from '../support/tiny-model/tiny-gguf.ts'

const COUNT: ChatMessage[] = [{ role: 'user', content: 'Count.' }]
const ask = (over: Partial<GenerateParams> = {}): GenerateParams => ({ model: TINY_MODEL_PATH, messages: COUNT, temperature: 0, maxTokens: 64, ...over })

let engine: LlamaCppEngine
let soft: LlamaCppEngine
const dir = mkdtempSync(join(tmpdir(), 'jarvis-llamacpp-'))

beforeAll(async () => {
  engine = createLlamaCppEngine({ model: TINY_MODEL_PATH, threads: 1, gpu: false, maxSequences: 3, contextSize: 512 })
  await engine.checkModel(TINY_MODEL_PATH)
  const softPath = join(dir, 'tiny-soft.gguf')
  writeTinyGguf(softPath, { logitScale: TINY_SOFT_LOGIT_SCALE })
  soft = createLlamaCppEngine({ model: softPath, threads: 1, gpu: false, maxSequences: 1, contextSize: 512 })
  await soft.checkModel(softPath)
})
afterAll(async () => {
  await Promise.all([engine?.close(), soft?.close()])
  rmSync(dir, { recursive: true, force: true })
})

describe('generation', () => {
  test('answers a chat turn with the 46-word count, then stops at EOS', async () => {
    const r = await engine.generate(ask())
    expect(r).toMatchObject({ content: TINY_COUNTING_TEXT, finishReason: 'stop', completionTokens: 46, promptTokens: 16, costUsd: 0, retries: 0 })
    expect(r.content.split(' ').at(-1)).toBe('zulu')
    expect(r.ttftSeconds).toBeGreaterThan(0)
    expect(r.ttftSeconds).toBeLessThanOrEqual(r.latencySeconds)
  })

  test('stops at maxTokens 32 with finish reason "length" after "kilo lima"', async () => {
    const r = await engine.generate(ask({ maxTokens: 32 }))
    expect(r).toMatchObject({ content: TINY_COUNTING_TEXT_32, finishReason: 'length', completionTokens: 32 })
    expect(r.content.endsWith('juliett kilo lima')).toBe(true)
  })

  test('counts prompt tokens from the ChatML template the GGUF carries', async () => {
    const r = await engine.generate(ask({ maxTokens: 1, messages: [{ role: 'system', content: 'You count.' }, { role: 'user', content: 'Hello, please count.' }] }))
    // <s> <|im_start|> system \n Y o u ▁count . <|im_end|> ▁ \n … <|im_start|> assistant \n: the 30 tokens the sequence evaluates
    expect({ promptTokens: r.promptTokens, completionTokens: r.completionTokens, content: r.content }).toMatchInlineSnapshot(`
      {
        "completionTokens": 1,
        "content": "one",
        "promptTokens": 30,
      }
    `)
  })

  test('streams the same text in non-empty pieces, one per token', async () => {
    const pieces: string[] = []
    const r = await engine.generateStream(ask(), (t) => pieces.push(t))
    expect(pieces.join('')).toBe(r.content)
    expect(pieces.slice(0, 3)).toEqual(['one', ' two', ' three'])
    expect(pieces).toHaveLength(46)
    expect(pieces.every((p) => p.length > 0)).toBe(true)
  })

  test('repeats a seeded sample on the soft model and changes with the seed', async () => {
    const sample = (seed: number) => soft.generate(ask({ model: 'soft', temperature: 1, seed, maxTokens: 16 }))
    const [a, b, c] = [await sample(1), await sample(1), await sample(2)]
    expect(a.content).toBe(b.content)
    expect(c.content).not.toBe(a.content)
    expect((await soft.generate(ask({ maxTokens: 16 }))).content).toBe(TINY_COUNTING_TEXT.split(' ').slice(0, 16).join(' '))
  })

  test('ends at the end of the context with "length", and refuses a prompt that does not fit', async () => {
    // " one" is one token: "Count." is 16 prompt tokens, so 16 + 479 = 495 of the 512 a sequence holds.
    const long = await engine.generate(ask({ messages: [{ role: 'user', content: 'Count.' + ' one'.repeat(479) }] }))
    expect({ promptTokens: long.promptTokens, completionTokens: long.completionTokens, finishReason: long.finishReason }).toEqual({ promptTokens: 495, completionTokens: 17, finishReason: 'length' })
    await expect(engine.generate(ask({ messages: [{ role: 'user', content: 'Count.' + ' one'.repeat(600) }] }))).rejects.toThrow(
      'llamacpp: the prompt has 616 tokens but a sequence holds 512. Raise the context size or shorten the prompt.',
    )
  })
})

describe('concurrency and abort', () => {
  test('decodes up to maxSequences requests together and queues the next one', async () => {
    const events: string[] = []
    const run = (i: number) =>
      engine.generateStream(ask({ messages: [{ role: 'user', content: `Count ${i}.` }] }), () => {
        if (!events.includes(`first ${i}`)) events.push(`first ${i}`)
      }).then((r) => (events.push(`done ${i}`), r))
    const results = await Promise.all([0, 1, 2, 3].map(run))
    expect(results.map((r) => r.content)).toEqual(Array(4).fill(TINY_COUNTING_TEXT))
    // Requests 0–2 all stream before any of them finishes; request 3 gets a sequence only after one is done.
    const firstDone = events.findIndex((e) => e.startsWith('done'))
    expect(events.slice(0, firstDone).filter((e) => e.startsWith('first')).sort()).toEqual(['first 0', 'first 1', 'first 2'])
    expect(events.indexOf('first 3')).toBeGreaterThan(firstDone)
  })

  test('rejects with the abort reason mid-generation, and while queued, then keeps serving', async () => {
    const mid = new AbortController()
    let n = 0
    const aborted = engine.generateStream(ask({ signal: mid.signal }), () => ++n === 5 && mid.abort(new Error('stop at 5')))
    await expect(aborted).rejects.toThrow('stop at 5')
    // The fourth request waits for a sequence; it is aborted once the other three are decoding.
    const queued = new AbortController()
    const busy = [0, 1, 2].map(() => engine.generateStream(ask(), () => queued.abort(new Error('gave up waiting'))))
    const waiting = engine.generate(ask({ signal: queued.signal }))
    const order: string[] = []
    busy.forEach((b) => b.then(() => order.push('done')))
    await expect(waiting.finally(() => order.push('aborted'))).rejects.toThrow('gave up waiting')
    expect((await Promise.all(busy)).map((r) => r.finishReason)).toEqual(['stop', 'stop', 'stop'])
    expect(order[0]).toBe('aborted') // left the queue at once, not when a sequence came free
    expect((await engine.generate(ask({ maxTokens: 32 }))).content).toBe(TINY_COUNTING_TEXT_32)
  })
})

describe('model and options', () => {
  test('reports the device, threads and model id', async () => {
    expect(await engine.info()).toMatchObject({ device: 'cpu', threads: 1, sequences: 3, contextSize: 512, modelId: 'tiny-counting-llama', modelPath: TINY_MODEL_PATH })
    expect(engine.key).toBe('llamacpp')
  })

  test('fails a missing .gguf with the path and the fix', async () => {
    const e = createLlamaCppEngine({ model: '/nowhere/missing.gguf', threads: 1, gpu: false, maxSequences: 1 })
    await expect(e.checkModel('/nowhere/missing.gguf')).rejects.toThrowErrorMatchingInlineSnapshot(
      `[JarvisError: llamacpp: model file /nowhere/missing.gguf does not exist. Pass the path of a .gguf file, or a model URI such as hf:owner/repo:Q4_K_M.]`,
    )
  })

  test('refuses a model other than the one it loaded', async () => {
    await expect(engine.checkModel('other.gguf')).rejects.toMatchObject({ code: 'JARVIS_MODEL_NOT_SERVED' })
    await expect(engine.checkModel('tiny-counting-llama')).resolves.toBeUndefined()
  })

  test('resolves an hf: URI from the cache only, with downloads off', async () => {
    vi.stubEnv('JARVIS_NO_DOWNLOAD', '1')
    try {
      const missing = createLlamaCppEngine({ model: 'hf:owner/repo:Q4_K_M', cacheDir: dir, threads: 1, gpu: false, maxSequences: 1 })
      await expect(missing.checkModel('hf:owner/repo:Q4_K_M')).rejects.toThrow(
        `llamacpp: hf:owner/repo:Q4_K_M is not in the model cache ${dir} and downloads are off (JARVIS_NO_DOWNLOAD=1). ` +
          `Download it where the network is allowed (npx --no -- node-llama-cpp pull --dir ${dir} hf:owner/repo:Q4_K_M) or pass a local .gguf path.`,
      )
      copyFileSync(TINY_MODEL_PATH, join(dir, 'hf_owner_repo_tiny.gguf')) // node-llama-cpp's cache name for the URI
      const cached = createLlamaCppEngine({ model: 'hf:owner/repo/tiny.gguf', cacheDir: dir, threads: 1, gpu: false, maxSequences: 1, contextSize: 256 })
      await cached.checkModel('hf:owner/repo/tiny.gguf')
      expect(await cached.info()).toMatchObject({ modelPath: join(dir, 'hf_owner_repo_tiny.gguf'), modelId: 'hf_owner_repo_tiny', cacheDir: dir })
      expect((await cached.generate(ask({ maxTokens: 32 }))).content).toBe(TINY_COUNTING_TEXT_32)
      await cached.close()
    } finally {
      vi.unstubAllEnvs()
    }
  })

  test('defaults to cores − 1 threads (1 to 4) and rejects a bad thread count', () => {
    expect([1, 2, 4, 16].map((c) => defaultThreads(c))).toEqual([1, 1, 3, 4])
    expect(() => createLlamaCppEngine({ model: TINY_MODEL_PATH, threads: 0, maxSequences: 1 })).toThrow('threads must be a whole number ≥ 1, got 0.')
    expect(() => createLlamaCppEngine({ model: TINY_MODEL_PATH, maxSequences: 0 })).toThrow('maxSequences (parallel requests) must be a whole number ≥ 1, got 0.')
  })
})
