import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Judge } from '../../src/core/judge.ts'
import type { EvalRecord } from '../../src/core/record.ts'
import { createJudge } from '../../src/scoring/judge/create-judge.ts'
import { conversationOf, startFakeOpenAI, type FakeOpenAI, type FakeReply } from '../../test/support/fake-openai.ts'
import { REPO_ROOT } from '../../test/support/run-process.ts'
import benchmark from './benchmark.ts'
import { loadTauBench } from './loader.ts'
import { openSession } from './session.ts'
import { MAX_USER_TOOL_CALLS_IN_A_ROW, type TauUser } from './user-simulator.ts'

// The user simulator as a second model over HTTP: its system prompt, its flipped conversation, its own tools on
// the phone (telecom), its stop tokens, and its usage kept apart from the agent's.

const DATA = join(REPO_ROOT, 'test/fixtures/taubench/data/tau2')
const SCENARIOS = JSON.parse(readFileSync(join(REPO_ROOT, 'test/fixtures/taubench/parity/scenarios.json'), 'utf8')) as Record<string, string>
let records: Map<string, EvalRecord>
let api: FakeOpenAI
let user: Judge
let script: (body: Record<string, unknown>) => string | FakeReply = () => 'Hello.'

beforeAll(async () => {
  records = new Map((await loadTauBench({ seed: 1, split: 'all', log: () => {} }, { TAU2_DATA_DIR: DATA })).map((r) => [r.record_id.replace('taubench-', ''), r]))
  api = await startFakeOpenAI({ models: ['user-model'], answer: (_p, body) => script(body) })
  user = await createJudge({ model: 'user-model', engine: 'openai-compatible', baseUrl: `${api.url}/v1`, temperature: 0, maxTokens: 256, maxWorkers: 2 }, { maxRetries: 0 })
})
afterAll(() => api?.close())

const chats = () => api.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.body!)
const simulate = (id: string) => {
  const record = records.get(id)!
  const session = openSession(record)
  const sim = benchmark.simulatedUser!(record, { llm: user, seed: 7 }) as TauUser
  return { session, sim }
}

describe('taubench user simulator', () => {
  test("its system prompt is upstream's guidelines and the task's scenario; the agent's greeting is its first user turn", async () => {
    script = () => 'Hi, I want to cancel reservation Q69X3R.'
    const before = chats().length
    const { sim } = simulate('airline_0')
    expect(await sim.reply('Hi! How can I help you today?')).toEqual({ content: 'Hi, I want to cancel reservation Q69X3R.', stop: false })
    const body = chats()[before]
    const guidelines = readFileSync(join(DATA, 'user_simulator/simulation_guidelines.md'), 'utf8')
    expect(body.messages).toEqual([
      { role: 'system', content: `${guidelines}\n\n<scenario>\n${SCENARIOS['taubench-airline_0']}\n</scenario>` },
      { role: 'user', content: 'Hi! How can I help you today?' },
    ])
    expect(body).toMatchObject({ model: 'user-model', temperature: 0, seed: 7 })
    // Airline users have no tools: none are offered.
    expect(body.tools).toBeUndefined()
  })

  test('roles are flipped: its own replies are assistant turns, the agent speaks as the user; a stop token ends it', async () => {
    const lines = ['I want to cancel Q69X3R.', 'Yes, please cancel it.', 'Thank you! ###STOP###']
    script = () => lines.shift()!
    const { sim } = simulate('airline_0')
    await sim.reply('Hi! How can I help you today?')
    await sim.reply('Shall I cancel Q69X3R?')
    const before = chats().length
    expect(await sim.reply('It is cancelled.')).toEqual({ content: 'Thank you! ###STOP###', stop: true })
    expect(conversationOf(chats()[before]).slice(1).map((m) => `${m.role}: ${m.content}`)).toEqual([
      'user: Hi! How can I help you today?',
      'assistant: I want to cancel Q69X3R.',
      'user: Shall I cancel Q69X3R?',
      'assistant: Yes, please cancel it.',
      'user: It is cancelled.',
    ])
    expect(sim.usage).toMatchObject({ model: 'user-model', calls: 3, tool_calls: 0 })
    expect(sim.usage.prompt_tokens).toBeGreaterThan(0)
    for (const stop of ['###TRANSFER###', '###OUT-OF-SCOPE###']) {
      script = () => stop
      expect((await simulate('airline_0').sim.reply('Hi!')).stop).toBe(true)
    }
  })

  test('telecom: it is offered its phone tools, calls one natively, reads the result, then answers — all in the session', async () => {
    script = (body) => {
      const last = conversationOf(body).at(-1)!
      if (last.role === 'tool') return `My status bar now says: ${String(last.content).split('Status Bar: ')[1]}`
      return { toolCalls: [{ name: 'toggle_airplane_mode', arguments: {} }] }
    }
    const before = chats().length
    const { sim, session } = simulate('telecom_[service_issue]airplane_mode_on[PERSONA:None]')
    const turn = await sim.reply('Please turn airplane mode off and tell me what the status bar shows.')
    expect(turn).toEqual({ content: 'My status bar now says: 📶⁴ Excellent | 5G | 📱 Data Enabled | 🔋 80%', stop: false })
    const [first, second] = chats().slice(before)
    expect((first.tools as { function: { name: string } }[]).map((t) => t.function.name)).toContain('toggle_airplane_mode')
    expect((first.tools as unknown[]).length).toBe(30)
    const system = (first.messages as { content: string }[])[0].content
    expect(system.startsWith(readFileSync(join(DATA, 'user_simulator/simulation_guidelines_tools.md'), 'utf8'))).toBe(true)
    expect(conversationOf(second).at(-1)).toMatchObject({ role: 'tool', content: 'Airplane Mode is now OFF.\nStatus Bar: 📶⁴ Excellent | 5G | 📱 Data Enabled | 🔋 80%' })
    expect(session.log).toMatchObject([{ requestor: 'user', name: 'toggle_airplane_mode', error: false }])
    expect(session.env!.user!.db()).toMatchObject({ device: { airplane_mode: false, network_connection_status: 'connected' } })
    expect(sim.usage).toMatchObject({ calls: 2, tool_calls: 1 })
  })

  test('a user who only calls tools ends the conversation as tau2 would at its step limit (max_steps)', async () => {
    script = () => ({ toolCalls: [{ name: 'check_status_bar', arguments: {} }] })
    const { sim, session } = simulate('telecom_[service_issue]airplane_mode_on[PERSONA:None]')
    expect(await sim.reply('What do you see?')).toEqual({ content: '', stop: true })
    expect(session.termination).toBe('max_steps')
    expect(session.log).toHaveLength(MAX_USER_TOOL_CALLS_IN_A_ROW)
  })
})
