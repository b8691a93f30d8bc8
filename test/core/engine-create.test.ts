import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { cloudProviderFor, createEngine, type EngineSpec } from '../../src/engines/index.ts'
import { estimateCostUsd, priceFor, PRICES } from '../../src/engines/pricing.ts'
import { JarvisError } from '../../src/core/errors.ts'
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts'
import { rejection } from '../support/engine-test-kit.ts'

// createEngine picks host and key: flag > JARVIS_BACKEND_* > <ENGINE>_HOST/_API_KEY > default. Each case builds
// the engine from an explicit env object and, where it matters, calls the fake server to see where the request
// went and which key it carried.

let api: FakeOpenAI
beforeAll(async () => {
  api = await startFakeOpenAI({ models: ['Qwen/Qwen3-8B', 'qwen3:8b', 'gpt-5-mini-2025-08-07'], answer: () => 'C' })
})
afterAll(async () => {
  await api?.close()
})

const spec = (o: Partial<EngineSpec>): EngineSpec => ({ engine: 'vllm', model: 'Qwen/Qwen3-8B', baseUrl: null, maxRetries: 0, ...o })
const msg = [{ role: 'user' as const, content: 'hi' }]
async function lastAuth(model: string, e: Awaited<ReturnType<typeof createEngine>>): Promise<string | undefined> {
  const before = api.requests.length
  await e.generate({ model, messages: msg, temperature: 0, maxTokens: 8 })
  expect(api.requests.length).toBe(before + 1)
  return api.requests.at(-1)!.headers.authorization as string | undefined
}
const thrown = (p: Promise<unknown>) => rejection(p, JarvisError)

describe('createEngine: OpenAI-compatible servers', () => {
  test('vllm uses VLLM_HOST and VLLM_API_KEY', async () => {
    const e = await createEngine(spec({}), { VLLM_HOST: api.url, VLLM_API_KEY: 'vllm-key-123456' })
    expect(e.key).toBe('vllm')
    expect(e.where).toBe(`vllm at ${api.url}/v1`)
    expect(await lastAuth('Qwen/Qwen3-8B', e)).toBe('Bearer vllm-key-123456')
  })

  test('JARVIS_BACKEND_API_KEY beats <ENGINE>_API_KEY', async () => {
    const e = await createEngine(spec({}), { VLLM_HOST: api.url, VLLM_API_KEY: 'vllm-key-123456', JARVIS_BACKEND_API_KEY: 'backend-key-999' })
    expect(await lastAuth('Qwen/Qwen3-8B', e)).toBe('Bearer backend-key-999')
  })

  test('a pinned base URL beats VLLM_HOST', async () => {
    const e = await createEngine(spec({ baseUrl: `${api.url}/v1` }), { VLLM_HOST: 'http://127.0.0.1:1' })
    expect(e.where).toBe(`vllm at ${api.url}/v1`)
    await lastAuth('Qwen/Qwen3-8B', e)
  })

  test('the default host applies when nothing is set', async () => {
    expect((await createEngine(spec({}), {})).where).toBe('vllm at http://localhost:8000/v1')
    expect((await createEngine(spec({ engine: 'sglang' }), {})).where).toBe('sglang at http://localhost:30000/v1')
  })

  test('llamacpp-server reads LLAMACPP_HOST; lmstudio LMSTUDIO_HOST', async () => {
    expect((await createEngine(spec({ engine: 'llamacpp-server' }), { LLAMACPP_HOST: 'http://10.0.0.1:8080' })).where).toBe('llamacpp-server at http://10.0.0.1:8080/v1')
    expect((await createEngine(spec({ engine: 'lmstudio' }), { LMSTUDIO_HOST: 'http://10.0.0.2:1234' })).where).toBe('lmstudio at http://10.0.0.2:1234/v1')
  })

  test('openai-compatible needs an endpoint; OPENAI_COMPAT_HOST / _API_KEY are its env names', async () => {
    const e = await thrown(createEngine(spec({ engine: 'openai-compatible' }), {}))
    expect(e.code).toBe('JARVIS_BAD_OPTION')
    expect(e.message).toMatchInlineSnapshot(`"engine "openai-compatible" needs an endpoint: pass --base-url URL (or set JARVIS_BACKEND_BASE_URL, or [[models]] base_url)."`)
    const ok = await createEngine(spec({ engine: 'openai-compatible' }), { OPENAI_COMPAT_HOST: api.url, OPENAI_COMPAT_API_KEY: 'compat-key-1234' })
    expect(await lastAuth('Qwen/Qwen3-8B', ok)).toBe('Bearer compat-key-1234')
  })

  test('an unknown engine key is JARVIS_UNKNOWN_ENGINE', async () => {
    expect((await thrown(createEngine(spec({ engine: 'tgi' }), {}))).code).toBe('JARVIS_UNKNOWN_ENGINE')
  })
})

describe('createEngine: ollama', () => {
  test('uses OLLAMA_HOST, else the pinned base URL, else 127.0.0.1:11434', async () => {
    const e = await createEngine(spec({ engine: 'ollama', model: 'qwen3:8b' }), { OLLAMA_HOST: api.url })
    expect(e.key).toBe('ollama')
    expect(e.where).toBe(`ollama at ${api.url}`)
    await expect(e.checkModel('qwen3:8b')).resolves.toBeUndefined()
    expect((await createEngine(spec({ engine: 'ollama', baseUrl: 'http://10.1.1.1:11434' }), { OLLAMA_HOST: api.url })).where).toBe('ollama at http://10.1.1.1:11434')
    expect((await createEngine(spec({ engine: 'ollama' }), {})).where).toBe('ollama at http://127.0.0.1:11434')
  })

  test('JARVIS_NUM_CTX becomes num_ctx', async () => {
    const e = await createEngine(spec({ engine: 'ollama', model: 'qwen3:8b' }), { OLLAMA_HOST: api.url, JARVIS_NUM_CTX: '4096' })
    await e.generate({ model: 'qwen3:8b', messages: msg, temperature: 0, maxTokens: 8 })
    expect(api.requests.at(-1)!.body).toMatchObject({ options: { num_ctx: 4096 } })
  })
})

describe('createEngine: cloud', () => {
  test('without OPENAI_API_KEY a clear error names the variable (and no request is made)', async () => {
    const before = api.requests.length
    const e = await thrown(createEngine(spec({ engine: 'cloud', model: 'gpt-5-mini' }), {}))
    expect(e.code).toBe('JARVIS_ENDPOINT_UNREACHABLE')
    expect(e.message).toMatchInlineSnapshot(`"cloud model "gpt-5-mini" needs OPENAI_API_KEY in the environment. Set it, or point --base-url at an OpenAI-compatible server."`)
    expect(api.requests.length).toBe(before)
  })

  test('each provider names its own key variable', async () => {
    expect((await thrown(createEngine(spec({ engine: 'cloud', model: 'claude-sonnet-4-6' }), {}))).message).toContain('ANTHROPIC_API_KEY')
    expect((await thrown(createEngine(spec({ engine: 'cloud', model: 'gemini-2.5-pro' }), {}))).message).toContain('GEMINI_API_KEY')
    expect((await thrown(createEngine(spec({ engine: 'cloud', model: 'deepseek-v4-pro' }), {}))).message).toContain('DEEPSEEK_API_KEY')
  })

  test('OpenAI: OPENAI_BASE_URL and OPENAI_API_KEY, max_completion_tokens, priced by the longest prefix', async () => {
    const e = await createEngine(spec({ engine: 'cloud', model: 'gpt-5-mini-2025-08-07' }), { OPENAI_API_KEY: 'sk-openai-test-0001', OPENAI_BASE_URL: `${api.url}/v1` })
    const r = await e.generate({ model: 'gpt-5-mini-2025-08-07', messages: msg, temperature: 1, maxTokens: 8 })
    const req = api.requests.at(-1)!
    expect(req.headers.authorization).toBe('Bearer sk-openai-test-0001')
    expect(req.body).toMatchObject({ max_completion_tokens: 8 })
    expect(req.body).not.toHaveProperty('max_tokens')
    expect(r.costUsd).toBeCloseTo((r.promptTokens * 0.25 + r.completionTokens * 2) / 1e6, 12)
    expect(r.costUsd).toBeGreaterThan(0)
  })

  test('a cloud engine pinned to a base URL uses JARVIS_BACKEND_API_KEY and stays priced', async () => {
    const e = await createEngine(spec({ engine: 'cloud', model: 'gpt-5-mini-2025-08-07', baseUrl: api.url }), { JARVIS_BACKEND_API_KEY: 'backend-key-0002' })
    expect(e.key).toBe('cloud')
    const r = await e.generate({ model: 'gpt-5-mini-2025-08-07', messages: msg, temperature: 0, maxTokens: 8 })
    expect(api.requests.at(-1)!.headers.authorization).toBe('Bearer backend-key-0002')
    expect(r.costUsd).toBeGreaterThan(0)
  })

  test('no error message carries a key from the environment', async () => {
    const env = { ANTHROPIC_API_KEY: 'sk-ant-should-not-leak-1', VLLM_API_KEY: 'vllm-should-not-leak-2' }
    const e = await thrown(createEngine(spec({ engine: 'cloud', model: 'gpt-4o' }), env))
    expect(e.message).not.toMatch(/should-not-leak/)
  })
})

describe('cloudProviderFor', () => {
  test.each([
    ['gpt-5-mini', 'https://api.openai.com/v1', 'OPENAI_API_KEY'],
    ['o3-mini', 'https://api.openai.com/v1', 'OPENAI_API_KEY'],
    ['claude-opus-4-6', 'https://api.anthropic.com/v1', 'ANTHROPIC_API_KEY'],
    ['gemini-3-pro', 'https://generativelanguage.googleapis.com/v1beta/openai', 'GEMINI_API_KEY'],
    ['openrouter/meta/llama', 'https://openrouter.ai/api/v1', 'OPENROUTER_API_KEY'],
    ['deepseek-v4-flash', 'https://api.deepseek.com/v1', 'DEEPSEEK_API_KEY'],
  ])('%s → %s with %s', (model, base, keyEnv) => {
    expect(cloudProviderFor(model, {})).toEqual({ base, keyEnv, key: undefined })
  })
  test('Gemini falls back to GOOGLE_API_KEY; OPENAI_BASE_URL applies to OpenAI only', () => {
    expect(cloudProviderFor('gemini-2.5-flash', { GOOGLE_API_KEY: 'g-key' }).key).toBe('g-key')
    expect(cloudProviderFor('claude-haiku-4-5', { OPENAI_BASE_URL: 'http://proxy/v1' }).base).toBe('https://api.anthropic.com/v1')
    expect(cloudProviderFor('gpt-4o', { OPENAI_BASE_URL: 'http://proxy/v1' }).base).toBe('http://proxy/v1')
  })
})

const io = (p: { input: number; output: number } | null) => (p ? [p.input, p.output] : null)

describe('pricing', () => {
  test('gpt-5-mini-2025-08-07 is priced as gpt-5-mini (longest prefix), not gpt-5', () => {
    expect(io(priceFor('gpt-5-mini-2025-08-07'))).toEqual([0.25, 2.0])
    expect(io(priceFor('gpt-5'))).toEqual([10, 30])
  })
  test.each([
    ['gpt-4o', [2.5, 10]],
    ['gpt-4o-mini-2024-07-18', [0.15, 0.6]],
    ['gpt-4o-2024-08-06', [2.5, 10]],
    ['gpt-5.4-pro', [15, 60]],
    ['claude-haiku-4-5-20251001', [1, 5]],
    ['gemini-3.1-flash-lite-preview', [0.3, 2.5]],
  ] as [string, [number, number]][])('%s → %j', (model, price) => {
    expect(io(priceFor(model))).toEqual(price)
  })
  test('every built-in price says the day it was read', () => {
    for (const [model, price] of Object.entries(PRICES)) expect(price.readOn, model).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })
  test('unknown and local models cost nothing', () => {
    expect(priceFor('qwen3:8b')).toBeNull()
    expect(estimateCostUsd('qwen3:8b', 1000, 1000)).toBe(0)
  })
  test('cost = (prompt × input + completion × output) / 1M', () => {
    expect(estimateCostUsd('gpt-5-mini-2025-08-07', 1_000_000, 1_000_000)).toBeCloseTo(2.25, 12)
    expect(estimateCostUsd('gpt-4o', 2000, 500)).toBeCloseTo((2000 * 2.5 + 500 * 10) / 1e6, 12)
  })
  test('a suite override wins over the table, by exact name or prefix, and prices an unknown model', () => {
    const overrides = { 'gpt-5-mini': { input: 1, output: 4, readOn: '2026-12-01' }, 'my-cloud-model': { input: 2, output: 2, readOn: null } }
    expect(estimateCostUsd('gpt-5-mini-2025-08-07', 1_000_000, 1_000_000, overrides)).toBeCloseTo(5, 12)
    expect(estimateCostUsd('my-cloud-model', 500_000, 0, overrides)).toBeCloseTo(1, 12)
    expect(io(priceFor('gpt-4o', overrides))).toEqual([2.5, 10])
  })
})
