import { describe, expect, test } from 'vitest'
import type { GenerateParams } from '../../src/core/engine.ts'
import type { ChatMessage, ToolSpec } from '../../src/core/messages.ts'
import { OllamaEngine, toOllamaMessage } from '../../src/engines/ollama.ts'
import { OpenAICompatibleEngine, toOpenAIMessage } from '../../src/engines/openai-compatible.ts'
import { toolCallFrom } from '../../src/engines/tool-calls.ts'
import { useFakeServers } from '../support/engine-test-kit.ts'
import { lastToolResult, type FakeOpenAI } from '../support/fake-openai.ts'

// Native function calling through the real clients: the OpenAI SSE tool_calls deltas and Ollama's tool_calls,
// both from the scripted server, which answers from the conversation (tool results included).

const CALC: ToolSpec = { name: 'calculator', description: 'math', parameters: { type: 'object', properties: { expression: { type: 'string' } }, required: ['expression'] } }
const serve = useFakeServers({
  models: ['m'],
  answer: (_p, body) => {
    const result = lastToolResult(body)
    if (result !== null) return `The product is ${result}.`
    return { toolCalls: [{ name: 'calculator', arguments: { expression: '1234 * 5678' } }, { name: 'calculator', arguments: '{"expression": "2 +' }] }
  },
})
const params = (messages: ChatMessage[], o: Partial<GenerateParams> = {}): GenerateParams => ({ model: 'm', messages, temperature: 0, maxTokens: 64, tools: [CALC], ...o })
const USER: ChatMessage[] = [{ role: 'user', content: 'What is 1234 * 5678?' }]
const chat = (s: FakeOpenAI, path: string) => s.requests.filter((r) => r.path === path)

describe('OpenAI-compatible tool calls', () => {
  test('offers the tools in the OpenAI shape and assembles streamed tool_calls deltas into calls', async () => {
    const s = await serve()
    const e = new OpenAICompatibleEngine({ key: 'vllm', baseUrl: s.url, maxRetries: 0 })
    const r = await e.generate(params(USER))
    expect(chat(s, '/v1/chat/completions')[0].body!.tools).toEqual([{ type: 'function', function: { name: 'calculator', description: 'math', parameters: CALC.parameters } }])
    expect(r.finishReason).toBe('tool_calls')
    expect(r.content).toBe('')
    expect(r.toolCalls).toEqual([
      { id: 'call_1_0', name: 'calculator', arguments: { expression: '1234 * 5678' } },
      // broken JSON: no arguments, the raw text kept so the agent can say so
      { id: 'call_1_1', name: 'calculator', arguments: {}, rawArguments: '{"expression": "2 +' },
    ])
    expect(r.ttftSeconds).toBeGreaterThan(0)
    expect(r.completionTokens).toBeGreaterThan(0)
  })

  test('the next turn sends the assistant tool_calls and the tool result back; the reply uses it', async () => {
    const s = await serve()
    const e = new OpenAICompatibleEngine({ key: 'vllm', baseUrl: s.url, maxRetries: 0 })
    const first = await e.generate(params(USER))
    const call = first.toolCalls![0]
    const convo: ChatMessage[] = [...USER, { role: 'assistant', content: '', toolCalls: [call] }, { role: 'tool', toolCallId: call.id, name: call.name, content: '7006652' }]
    const second = await e.generate(params(convo))
    expect(second).toMatchObject({ content: 'The product is 7006652.', finishReason: 'stop' })
    expect(second.toolCalls).toBeUndefined()
    expect(chat(s, '/v1/chat/completions')[1].body!.messages).toEqual([
      { role: 'user', content: 'What is 1234 * 5678?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1_0', type: 'function', function: { name: 'calculator', arguments: '{"expression":"1234 * 5678"}' } }] },
      { role: 'tool', tool_call_id: 'call_1_0', content: '7006652' },
    ])
  })

  test('no tools offered: the request has no tools field', async () => {
    const s = await serve({ answer: () => 'plain' })
    await new OpenAICompatibleEngine({ key: 'vllm', baseUrl: s.url, maxRetries: 0 }).generate(params(USER, { tools: [] }))
    expect(chat(s, '/v1/chat/completions')[0].body).not.toHaveProperty('tools')
  })

  test('a call with malformed arguments goes back as the model wrote it', () => {
    const c = toolCallFrom('x', 'calculator', '{"a": ')
    expect(toOpenAIMessage({ role: 'assistant', content: 'hm', toolCalls: [c] })).toMatchObject({ content: 'hm', tool_calls: [{ function: { arguments: '{"a": ' } }] })
  })
})

describe('Ollama tool calls', () => {
  test('offers the tools, reads message.tool_calls (object arguments) and numbers the calls', async () => {
    const s = await serve()
    const e = new OllamaEngine({ host: s.url, maxRetries: 0 })
    const r = await e.generate(params(USER))
    expect(chat(s, '/api/chat')[0].body!.tools).toEqual([{ type: 'function', function: { name: 'calculator', description: 'math', parameters: CALC.parameters } }])
    expect(r.finishReason).toBe('tool_calls')
    // Ollama sends arguments as an object; the broken string stays a string (the fake passes it through)
    expect(r.toolCalls).toEqual([
      { id: 'call_0', name: 'calculator', arguments: { expression: '1234 * 5678' } },
      { id: 'call_1', name: 'calculator', arguments: {}, rawArguments: '{"expression": "2 +' },
    ])
  })

  test('tool results go back as role tool with tool_name; ids continue after the calls already made', async () => {
    const s = await serve()
    const e = new OllamaEngine({ host: s.url, maxRetries: 0 })
    const call = toolCallFrom('call_0', 'calculator', { expression: '1234 * 5678' })
    const convo: ChatMessage[] = [...USER, { role: 'assistant', content: '', toolCalls: [call] }, { role: 'tool', toolCallId: 'call_0', name: 'calculator', content: '7006652' }]
    const r = await e.generate(params(convo))
    expect(r.content).toBe('The product is 7006652.')
    expect(chat(s, '/api/chat')[0].body!.messages).toEqual([
      { role: 'user', content: 'What is 1234 * 5678?' },
      { role: 'assistant', content: '', tool_calls: [{ function: { name: 'calculator', arguments: { expression: '1234 * 5678' } } }] },
      { role: 'tool', content: '7006652', tool_name: 'calculator' },
    ])
    expect(toOllamaMessage({ role: 'user', content: 'x' })).toEqual({ role: 'user', content: 'x' })
    const s2 = await serve({ answer: () => ({ toolCalls: [{ name: 'calculator', arguments: { expression: '2+2' } }] }) })
    const next = await new OllamaEngine({ host: s2.url, maxRetries: 0 }).generate(params(convo))
    expect(next.toolCalls?.map((c) => c.id)).toEqual(['call_1'])
  })
})
