// node-llama-cpp function calling, plumbed honestly: the tiny counting model cannot decide to call a tool, so this
// checks what can be checked — the schema conversion, the history with calls and results, and that a real
// generation with tools offered renders their documentation into the prompt and still answers.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ChatMessage, ToolSpec } from '../../src/core/messages.ts'
import { toChatFunctions, toChatHistory, toGbnfSchema } from '../../src/engines/llama-cpp-functions.ts'
import { createLlamaCppEngine, type LlamaCppEngine } from '../../src/engines/llama-cpp.ts'
import { TINY_COUNTING_TEXT, TINY_MODEL_PATH } from '../support/tiny-model/tiny-gguf.ts'

const READ: ToolSpec = {
  name: 'file_read',
  description: 'Read a file',
  parameters: { type: 'object', title: 'dropped', properties: { path: { type: 'string', pattern: '^x', description: 'where' }, max_chars: { type: 'integer', minimum: 1 } }, required: ['path', 'gone'], additionalProperties: false },
}

describe('schemas and history', () => {
  test('a JSON Schema becomes the GBNF subset: unknown keywords dropped, anyOf as oneOf, untyped as primitives', () => {
    expect(toGbnfSchema(READ.parameters)).toEqual({
      type: 'object',
      properties: { path: { type: 'string', description: 'where' }, max_chars: { type: 'integer' } },
      required: ['path'],
      additionalProperties: false,
    })
    expect(toGbnfSchema({ anyOf: [{ type: 'string' }, { type: 'array', items: { enum: ['a', 1] }, minItems: 1 }] })).toEqual({ oneOf: [{ type: 'string' }, { type: 'array', items: { enum: ['a', 1] }, minItems: 1 }] })
    expect(toGbnfSchema({})).toEqual({ type: ['string', 'number', 'integer', 'boolean', 'null'] })
    expect(toChatFunctions([READ])).toEqual({ file_read: { description: 'Read a file', params: toGbnfSchema(READ.parameters) } })
  })

  test('tool calls and their results fold into the model turn as function-call items', () => {
    const messages: ChatMessage[] = [
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'read a.txt' },
      { role: 'assistant', content: 'Reading.', toolCalls: [{ id: 'call_0', name: 'file_read', arguments: { path: 'a.txt' } }] },
      { role: 'tool', toolCallId: 'call_0', name: 'file_read', content: 'alpha' },
    ]
    expect(toChatHistory(messages)).toEqual([
      { type: 'system', text: 'sys' },
      { type: 'user', text: 'read a.txt' },
      { type: 'model', response: ['Reading.', { type: 'functionCall', name: 'file_read', params: { path: 'a.txt' }, result: 'alpha' }] },
      { type: 'model', response: [] },
    ])
  })
})

describe('real generation with tools offered (tiny model, CPU, one thread)', () => {
  let engine: LlamaCppEngine
  beforeAll(async () => {
    engine = createLlamaCppEngine({ model: TINY_MODEL_PATH, threads: 1, gpu: false, maxSequences: 1, contextSize: 2048 })
    await engine.checkModel(TINY_MODEL_PATH)
  })
  afterAll(() => engine?.close())

  test('the functions are documented in the prompt; the model answers text and makes no call', async () => {
    const ask = { model: TINY_MODEL_PATH, messages: [{ role: 'user', content: 'Count.' }] as ChatMessage[], temperature: 0, maxTokens: 64 }
    const plain = await engine.generate(ask)
    const withTools = await engine.generate({ ...ask, tools: [READ] })
    expect(withTools.promptTokens).toBeGreaterThan(plain.promptTokens + 20)
    expect(withTools.toolCalls).toBeUndefined()
    expect(withTools.finishReason).toMatch(/stop|length/)
    expect(plain.content).toBe(TINY_COUNTING_TEXT)
  })

  test('a conversation holding a call and its result is rendered and answered', async () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'Count.' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'call_0', name: 'file_read', arguments: { path: 'a.txt' } }] },
      { role: 'tool', toolCallId: 'call_0', name: 'file_read', content: 'one two three' },
    ]
    const r = await engine.generate({ model: TINY_MODEL_PATH, messages, temperature: 0, maxTokens: 8, tools: [READ] })
    const without = await engine.generate({ model: TINY_MODEL_PATH, messages: messages.slice(0, 1), temperature: 0, maxTokens: 8, tools: [READ] })
    expect(r.promptTokens).toBeGreaterThan(without.promptTokens)
    expect(r.completionTokens).toBeGreaterThan(0)
  })
})
