import { describe, expect, test } from 'vitest'
import { JarvisAgentBackend } from '../../src/backends/jarvis-agent.ts'
import type { SampleTask, SimulatedUser, UserTurn } from '../../src/core/backend.ts'
import type { Tool } from '../../src/core/tool.ts'
import { OpenAICompatibleEngine } from '../../src/engines/openai-compatible.ts'
import { useFakeServers } from '../support/engine-test-kit.ts'
import { conversationOf, type FakeOpenAI, type FakeReply } from '../support/fake-openai.ts'

// A conversation (taubench): the agent's replies that call no tool go to a simulated user, whose answers join the
// transcript, until the user ends it. The agent runs over the real openai client and the scripted server.

const serve = useFakeServers({ models: ['m'] })

/** A user who says each scripted line in turn and records what the agent told them. */
function scriptedUser(lines: UserTurn[]): SimulatedUser & { heard: string[] } {
  const heard: string[] = []
  return {
    heard,
    async reply(agentMessage) {
      heard.push(agentMessage)
      return lines.shift() ?? { content: '###STOP###', stop: true }
    },
  }
}

const lookup: Tool = {
  spec: { name: 'lookup', description: 'Order status', parameters: { type: 'object', properties: { order: { type: 'string' } }, required: ['order'] } },
  call: async (args) => ({ content: `order ${String(args.order)}: delivered` }),
}

const task = (user: SimulatedUser | null, o: Partial<SampleTask> = {}): SampleTask => ({
  record: { record_id: 'r1', problem: '', reference: '', category: 'agentic', subject: 's', metadata: {} },
  messages: [{ role: 'system', content: 'You are a support agent.' }, { role: 'assistant', content: 'Hi! How can I help you today?' }],
  generation: { temperature: 0, maxTokens: 64 },
  tools: [lookup],
  environment: null,
  user,
  ...o,
  limits: { maxTurns: 10, timeoutS: null, tokenBudget: null, ...o.limits },
})
const chats = (s: FakeOpenAI) => s.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.body!)
const agent = (s: FakeOpenAI, name = 'orchestrator') => new JarvisAgentBackend(new OpenAICompatibleEngine({ key: 'vllm', baseUrl: s.url, maxRetries: 0 }), 'm', name)

/** Asks for the order number, looks it up, reports the status. */
const supportAgent = (_p: string, body: Record<string, unknown>): string | FakeReply => {
  const convo = conversationOf(body)
  const last = convo.at(-1)!
  if (last.role === 'tool') return `Your order is ${String(last.content).split(': ')[1]}.`
  const order = /#(\d+)/.exec(String(last.content))?.[1]
  return order ? { toolCalls: [{ name: 'lookup', arguments: { order } }] } : 'Which order is it?'
}

describe('an agent conversing with a simulated user', () => {
  test('the user speaks first after the greeting; replies go to them until they stop; only agent turns count', async () => {
    const s = await serve({ answer: supportAgent })
    const user = scriptedUser([
      { content: 'Where is my order?', stop: false },
      { content: 'It is #42.', stop: false },
      { content: 'Thanks! ###STOP###', stop: true },
    ])
    const a = await agent(s).solve(task(user), {})
    expect(a).toMatchObject({ answer: 'Your order is delivered.', stop: 'answer', error: null })
    expect(user.heard).toEqual(['Hi! How can I help you today?', 'Which order is it?', 'Your order is delivered.'])
    expect(a.turns).toHaveLength(3)
    expect(a.turns[1].toolCalls.map((c) => c.name)).toEqual(['lookup'])
    expect(a.transcript.map((m) => `${m.role}: ${m.content}`)).toEqual([
      'system: You are a support agent.',
      'assistant: Hi! How can I help you today?',
      'user: Where is my order?',
      'assistant: Which order is it?',
      'user: It is #42.',
      'assistant: ',
      'tool: order 42: delivered',
      'assistant: Your order is delivered.',
      'user: Thanks! ###STOP###',
    ])
    // The model saw the user's messages as user turns, in order.
    expect(conversationOf(chats(s)[2]).filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['Where is my order?', 'It is #42.'])
    expect(a.usage.calls).toBe(3)
  })

  test('a user who ends the conversation at once: no model call, an empty answer', async () => {
    const s = await serve({ answer: supportAgent })
    const a = await agent(s).solve(task(scriptedUser([{ content: '###OUT-OF-SCOPE###', stop: true }])), {})
    expect(a).toMatchObject({ answer: '', stop: 'answer', error: null })
    expect(chats(s)).toHaveLength(0)
  })

  test('a conversation that never ends stops on max_turns (wrong, not an error)', async () => {
    const s = await serve({ answer: () => 'Could you say more?' })
    const user = scriptedUser(Array.from({ length: 20 }, () => ({ content: 'Hmm.', stop: false })))
    const a = await agent(s).solve(task(user, { limits: { maxTurns: 3, timeoutS: null, tokenBudget: null } }), {})
    expect(a).toMatchObject({ stop: 'max_turns', error: null })
    expect(a.turns).toHaveLength(3)
  })

  test('a user simulator that fails is an error of the sample', async () => {
    const s = await serve({ answer: supportAgent })
    const broken: SimulatedUser = { reply: async () => Promise.reject(new Error('user model unreachable')) }
    const a = await agent(s).solve(task(broken), {})
    expect(a.error).toMatchObject({ message: 'user model unreachable' })
  })

  test('simple and react agents converse too', async () => {
    const s = await serve({ answer: () => 'Thought: easy\nFinal Answer: Glad to help.' })
    for (const name of ['simple', 'react']) {
      const user = scriptedUser([{ content: 'Hello', stop: false }, { content: 'One more thing.', stop: false }, { content: 'Bye ###STOP###', stop: true }])
      const a = await agent(s, name).solve(task(user, { tools: [] }), {})
      expect(a.answer, name).toMatch(/Glad to help\.$/)
      expect(user.heard.slice(1), name).toEqual([a.answer, a.answer])
      expect(a.turns, name).toHaveLength(2)
    }
  })

  test('without a user the first reply is the answer, as before', async () => {
    const s = await serve({ answer: () => 'Which order is it?' })
    const a = await agent(s).solve(task(null, { messages: [{ role: 'user', content: 'Help' }] }), {})
    expect(a).toMatchObject({ answer: 'Which order is it?' })
    expect(a.turns).toHaveLength(1)
  })
})
