import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { AGENTS, JarvisAgentBackend } from '../../src/backends/jarvis-agent.ts'
import { BACKENDS } from '../../src/backends/index.ts'
import type { SampleTask } from '../../src/core/backend.ts'
import type { Environment } from '../../src/core/environment.ts'
import type { ChatMessage } from '../../src/core/messages.ts'
import { ToolUnavailableError, type Tool } from '../../src/core/tool.ts'
import { openLocalEnvironment } from '../../src/environments/local.ts'
import { checkedEngine, limitedEngine } from '../../src/engines/limited.ts'
import { OpenAICompatibleEngine } from '../../src/engines/openai-compatible.ts'
import { cachedEngine, ResponseCache } from '../../src/engines/response-cache.ts'
import { createTools } from '../../src/tools/index.ts'
import { useFakeServers } from '../support/engine-test-kit.ts'
import { lastToolResult, type FakeOpenAI, type FakeReply } from '../support/fake-openai.ts'

// The agent loop over the real openai client and the scripted server, with real tools and a real work dir.

const serve = useFakeServers({ models: ['m'] })
let env: Environment
let tools: Tool[]
beforeAll(async () => {
  env = await openLocalEnvironment({ kind: 'local', files: [{ path: 'notes.txt', content: 'The launch code is 4417.' }] })
  tools = await createTools(['calculator', 'file_read'])
})
afterAll(() => env.close())

const engineFor = (s: FakeOpenAI, o: { cache?: ResponseCache } = {}) => {
  const e = checkedEngine(limitedEngine(new OpenAICompatibleEngine({ key: 'vllm', baseUrl: s.url, maxRetries: 1 }), 2), 'm')
  return o.cache ? cachedEngine(e, o.cache) : e
}
const task = (o: Partial<SampleTask> = {}): SampleTask => ({
  record: { record_id: 'r1', problem: 'What is the launch code?', reference: '4417', category: 'agentic', subject: 's', metadata: {} },
  messages: [{ role: 'user', content: 'What is the launch code in notes.txt?' }],
  generation: { temperature: 0.2, maxTokens: 99, seed: 7 },
  tools,
  environment: env,
  ...o,
  limits: { maxTurns: 10, timeoutS: null, tokenBudget: null, ...o.limits },
})
const chats = (s: FakeOpenAI) => s.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.body!)
const agent = (s: FakeOpenAI, name = 'orchestrator', o: { cache?: ResponseCache } = {}) => new JarvisAgentBackend(engineFor(s, o), 'm', name)

/** Reads notes.txt first, then answers with what came back: right only if the tool result really arrived. */
const readThenAnswer = (_p: string, body: Record<string, unknown>): string | FakeReply => {
  const got = lastToolResult(body)
  return got === null ? { content: 'Let me look.', toolCalls: [{ name: 'file_read', arguments: { path: 'notes.txt' } }] } : `From the file: ${got.match(/\d+/)?.[0] ?? 'nothing'}`
}

describe('orchestrator', () => {
  test('calls the tool natively, feeds the result back and answers from it; every turn is counted', async () => {
    const s = await serve({ answer: readThenAnswer, latencyMs: 5 })
    const a = await agent(s).solve(task(), {})
    expect(a).toMatchObject({ answer: 'From the file: 4417', stop: 'answer', error: null, finishReason: 'stop' })
    expect(a.turns).toHaveLength(2)
    expect(a.turns[0].toolCalls).toEqual([{ id: 'call_1_0', name: 'file_read', arguments: { path: 'notes.txt' } }])
    expect(a.turns[0].toolResults).toEqual([{ id: 'call_1_0', name: 'file_read', isError: false, latencySeconds: expect.any(Number), content: 'The launch code is 4417.' }])
    expect(a.usage).toEqual({ calls: 2, promptTokens: a.turns[0].promptTokens + a.turns[1].promptTokens, completionTokens: a.turns[0].completionTokens + a.turns[1].completionTokens, costUsd: 0 })
    expect(a.latencySeconds).toBeGreaterThanOrEqual(a.turns[0].latencySeconds + a.turns[1].latencySeconds)
    expect(a.ttftSeconds).toBe(a.turns[0].ttftSeconds)
    expect(a.transcript.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant'])
  })

  test('temperature, max_tokens, seed and the tools go with every turn', async () => {
    const s = await serve({ answer: readThenAnswer })
    await agent(s).solve(task(), {})
    const bodies = chats(s)
    expect(bodies).toHaveLength(2)
    for (const b of bodies) {
      expect(b).toMatchObject({ temperature: 0.2, max_tokens: 99, seed: 7 })
      expect((b.tools as { function: { name: string } }[]).map((t) => t.function.name)).toEqual(['calculator', 'file_read'])
    }
  })

  test('an unknown tool, bad arguments and a refused path come back to the model as tool errors', async () => {
    const s = await serve({
      answer: (_p, body) => {
        const msgs = (body.messages as ChatMessage[]).filter((m) => m.role === 'tool')
        if (msgs.length === 0) return { toolCalls: [{ name: 'rm_rf', arguments: {} }, { name: 'calculator', arguments: '{"expression": ' }, { name: 'file_read', arguments: { path: '../../etc/passwd' } }] }
        return `saw: ${msgs.map((m) => m.content).join(' | ')}`
      },
    })
    const a = await agent(s).solve(task(), {})
    expect(a.stop).toBe('answer')
    expect(a.answer).toBe('saw: error: there is no tool "rm_rf". Tools: calculator, file_read. | error: the arguments are not a JSON object: {"expression":  | error: "../../etc/passwd" is outside the sample\'s files; use a path relative to the work dir (see ls)')
    expect(a.turns[0].toolResults!.map((r) => r.isError)).toEqual([true, true, true])
  })

  test('out of turns without a final answer: stop max_turns, the turns still counted', async () => {
    const s = await serve({ answer: () => ({ toolCalls: [{ name: 'calculator', arguments: { expression: '1+1' } }] }) })
    const a = await agent(s).solve(task({ limits: { maxTurns: 3, timeoutS: null, tokenBudget: null } }), {})
    expect(a).toMatchObject({ stop: 'max_turns', error: null })
    expect(a.turns).toHaveLength(3)
    expect(chats(s)).toHaveLength(3)
    // The last turn's call is not run: no turn is left to read its result.
    expect(a.turns.map((t) => t.toolResults?.length ?? 0)).toEqual([1, 1, 0])
  })

  test('the token budget ends the attempt when spent without an answer', async () => {
    const s = await serve({ answer: () => ({ toolCalls: [{ name: 'calculator', arguments: { expression: '1+1' } }] }) })
    const a = await agent(s).solve(task({ limits: { maxTurns: 10, timeoutS: null, tokenBudget: 20 } }), {})
    expect(a.stop).toBe('token_budget')
    expect(a.usage.completionTokens).toBeGreaterThanOrEqual(20)
    expect(a.turns.length).toBeLessThan(10)
  })

  test('the wall clock aborts a request the server never answers: stop timeout, not an error', async () => {
    const s = await serve({ answer: readThenAnswer, faults: { 2: { hang: true } } })
    const t0 = performance.now()
    const a = await agent(s).solve(task({ limits: { maxTurns: 10, timeoutS: 0.5, tokenBudget: null } }), {})
    expect(a).toMatchObject({ stop: 'timeout', error: null })
    expect(a.turns).toHaveLength(1)
    expect(performance.now() - t0).toBeLessThan(3000)
  })

  test('…and a tool that ignores its signal', async () => {
    const hang: Tool = { spec: { name: 'hang', description: 'never returns', parameters: { type: 'object' } }, call: () => new Promise(() => {}) }
    const s = await serve({ answer: () => ({ toolCalls: [{ name: 'hang', arguments: {} }] }) })
    const a = await agent(s).solve(task({ tools: [hang], limits: { maxTurns: 10, timeoutS: 0.3, tokenBudget: null } }), {})
    expect(a.stop).toBe('timeout')
  })

  test('a throwing tool is a tool error; a tool whose machinery died fails the sample', async () => {
    const boom: Tool = { spec: { name: 'boom', description: '', parameters: { type: 'object' } }, call: async () => { throw new TypeError('cannot read x of undefined') } }
    const dead: Tool = { spec: { name: 'dead', description: '', parameters: { type: 'object' } }, call: async () => { throw new ToolUnavailableError('MCP server "srv" exited during the dead call') } }
    const s1 = await serve({ answer: (_p, b) => (lastToolResult(b) === null ? { toolCalls: [{ name: 'boom', arguments: {} }] } : `got ${lastToolResult(b)}`) })
    expect((await agent(s1).solve(task({ tools: [boom] }), {})).answer).toBe('got error: cannot read x of undefined')
    const s2 = await serve({ answer: () => ({ toolCalls: [{ name: 'dead', arguments: {} }] }) })
    const a = await agent(s2).solve(task({ tools: [dead] }), {})
    expect(a.error).toEqual({ kind: 'tool_unavailable', message: 'MCP server "srv" exited during the dead call' })
    expect(a.turns).toHaveLength(1)
  })

  test('an engine failure after its retries is the attempt error, with the turns so far', async () => {
    const s = await serve({ answer: readThenAnswer, faults: { 2: { status: 500 }, 3: { status: 500 } } })
    const a = await agent(s).solve(task(), {})
    expect(a.error?.kind).toBe('server_error')
    expect(a.turns).toHaveLength(1)
    expect(a.retries).toBe(1)
  })

  test('a server that refuses native tools: the backend switches to the text protocol and keeps it', async () => {
    const s = await serve({
      faultFor: (body) => (body.tools ? { status: 400, message: () => 'registry.ollama.ai/library/tiny does not support tools' } : undefined),
      answer: (_p, body) => {
        const msgs = body.messages as ChatMessage[]
        const result = msgs.filter((m) => m.role === 'user').at(-1)!.content
        if (result.startsWith('Tool file_read returned:')) return `The code is ${result.match(/\d+/)![0]}.`
        return '{"tool": "file_read", "arguments": {"path": "notes.txt"}}'
      },
    })
    const backend = agent(s)
    const a = await backend.solve(task(), {})
    expect(a.answer).toBe('The code is 4417.')
    expect(a.turns[0].toolCalls).toEqual([{ id: 'text_1_0', name: 'file_read', arguments: { path: 'notes.txt' } }])
    const bodies = chats(s)
    expect(bodies.map((b) => 'tools' in b)).toEqual([true, false, false])
    expect((bodies[1].messages as ChatMessage[])[0]).toMatchObject({ role: 'system', content: expect.stringContaining('To call a tool, reply with a JSON object') })
    await backend.solve(task(), {})
    expect(chats(s).slice(3).some((b) => 'tools' in b)).toBe(false)
  })

  test('every turn goes through the response cache, keyed on the conversation so far and the tools', async () => {
    const cache = new ResponseCache(mkdtempSync(join(tmpdir(), 'jarvis-agent-cache-')))
    const s = await serve({ answer: readThenAnswer })
    const first = await agent(s, 'orchestrator', { cache }).solve(task({ generation: { temperature: 0, maxTokens: 99 } }), {})
    const again = await agent(s, 'orchestrator', { cache }).solve(task({ generation: { temperature: 0, maxTokens: 99 } }), {})
    expect(chats(s)).toHaveLength(2)
    expect(again).toMatchObject({ answer: first.answer, cached: true, usage: { calls: 0 } })
    const fewerTools = await agent(s, 'orchestrator', { cache }).solve(task({ generation: { temperature: 0, maxTokens: 99 }, tools: tools.slice(1) }), {})
    expect(fewerTools.cached).toBe(false)
    expect(chats(s)).toHaveLength(4)
  })
})

describe('simple and react', () => {
  test('simple: one call, no tools offered', async () => {
    const s = await serve({ answer: () => '42' })
    const a = await agent(s, 'simple').solve(task(), {})
    expect(a).toMatchObject({ answer: '42', stop: 'answer' })
    expect(chats(s)[0]).not.toHaveProperty('tools')
  })

  test('react: Thought / Action / Action Input, then an Observation, until the Final Answer', async () => {
    const s = await serve({
      answer: (_p, body) => {
        const last = (body.messages as ChatMessage[]).at(-1)!
        if (last.content.startsWith('Observation: The launch code')) return 'Thought: I have it.\nFinal Answer: 4417'
        return 'Thought: read the notes.\nAction: file_read\nAction Input: {"path": "notes.txt"}\nObservation: (made up)'
      },
    })
    const a = await agent(s, 'react').solve(task(), {})
    expect(a).toMatchObject({ answer: '4417', stop: 'answer' })
    expect(a.turns[0].toolCalls).toEqual([{ id: 'react_1', name: 'file_read', arguments: { path: 'notes.txt' } }])
    const first = chats(s)[0]
    expect(first).not.toHaveProperty('tools')
    expect((first.messages as ChatMessage[])[0].content).toContain('Action: the tool to use, one of [calculator, file_read]')
  })

  test('the registry lists the same agents the backend has', () => {
    expect(BACKENDS.find((b) => b.key === 'jarvis-agent')!.agents).toEqual(Object.keys(AGENTS))
    expect(() => new JarvisAgentBackend(null as never, 'm', 'reflexion')).toThrow('unknown agent "reflexion" (agents: orchestrator, simple, react).')
  })
})
