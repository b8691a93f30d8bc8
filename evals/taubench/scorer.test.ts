import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Attempt } from '../../src/core/backend.ts'
import type { Judge } from '../../src/core/judge.ts'
import type { ChatMessage } from '../../src/core/messages.ts'
import type { EvalRecord } from '../../src/core/record.ts'
import { createJudge } from '../../src/scoring/judge/create-judge.ts'
import { startFakeOpenAI, type FakeOpenAI } from '../../test/support/fake-openai.ts'
import { REPO_ROOT } from '../../test/support/run-process.ts'
import benchmark from './benchmark.ts'
import { loadTauBench } from './loader.ts'
import { scoreTau } from './scorer.ts'
import { openSession, sessionOf } from './session.ts'

// The reward of a conversation as tau2 computes it: what the tools did to the databases (against the gold actions
// replayed on a fresh copy), what the agent said, the env assertions on the phone, the actions the basis demands,
// and the NL assertions through the judge (over HTTP to the scripted server).

const DATA = join(REPO_ROOT, 'test/fixtures/taubench/data/tau2')
let records: Map<string, EvalRecord>
let api: FakeOpenAI
let judge: Judge
let judgeReply = '{"results": [{"expectedOutcome": "x", "reasoning": "said so", "metExpectation": true}]}'

beforeAll(async () => {
  records = new Map((await loadTauBench({ seed: 1, split: 'all', log: () => {} }, { TAU2_DATA_DIR: DATA })).map((r) => [r.record_id.replace('taubench-', ''), r]))
  api = await startFakeOpenAI({ models: ['judge-model'], answer: () => judgeReply })
  judge = await createJudge({ model: 'judge-model', engine: 'openai-compatible', baseUrl: `${api.url}/v1`, temperature: 0, maxTokens: 512, maxWorkers: 1 }, { maxRetries: 0 })
})
afterAll(() => api?.close())

/**
 * Plays a conversation: the agent's tool calls through the benchmark's own tools (sampleTools), the user's through
 * the session, and what the agent said; then scores it. Each call opens a fresh session, as each attempt does.
 */
async function play(id: string, steps: ({ agent: string; args?: Record<string, unknown> } | { user: string; args?: Record<string, unknown> } | { say: string })[], o: { judge?: Judge } = {}) {
  const record = records.get(id)!
  const tools = benchmark.sampleTools!(record)
  const transcript: ChatMessage[] = [...benchmark.messages!(record)]
  for (const s of steps) {
    if ('agent' in s) {
      const t = tools.find((x) => x.spec.name === s.agent)
      if (!t) throw new Error(`no tool ${s.agent}`)
      const r = await t.call(s.args ?? {}, { environment: null })
      transcript.push({ role: 'assistant', content: '', toolCalls: [{ id: 'c', name: s.agent, arguments: s.args ?? {} }] }, { role: 'tool', toolCallId: 'c', content: r.content })
    } else if ('user' in s) sessionOf(record).call('user', 'u', s.user, s.args ?? {})
    else transcript.push({ role: 'assistant', content: s.say }, { role: 'user', content: 'ok' })
  }
  const score = await scoreTau(record, transcript.at(-2)?.content ?? '', { judge: o.judge ?? judge, seed: 1, attempt: { transcript } as Attempt })
  return { score, session: sessionOf(record) }
}

describe('taubench scoring', () => {
  test('airline: the gold path cancels the reservation — reward 1 on DB and COMMUNICATE', async () => {
    const { score } = await play('airline_0', [
      { agent: 'get_user_details', args: { user_id: 'raj_sanchez_7340' } },
      { agent: 'get_reservation_details', args: { reservation_id: 'Q69X3R' } },
      { say: 'I can cancel Q69X3R; shall I proceed?' },
      { agent: 'cancel_reservation', args: { reservation_id: 'Q69X3R' } },
      { say: 'Done: Q69X3R is cancelled and 251 will be refunded.' },
    ])
    expect(score).toMatchObject({ isCorrect: true, score: 1, expected: 'reward ≥ 0.5', extracted: 'reward 1' })
    expect(score.metadata).toMatchObject({ domain: 'airline', task_id: '0', reward: 1, tool_calls: 3, tool_errors: 0, reward_info: { reward_basis: ['DB', 'COMMUNICATE'], reward_breakdown: { DB: 1, COMMUNICATE: 1 }, db_check: { db_match: true } } })
  })

  test('airline: an agent that never cancels leaves the database unlike the gold one — db_mismatch, reward 0', async () => {
    const { score } = await play('airline_0', [{ agent: 'get_reservation_details', args: { reservation_id: 'Q69X3R' } }, { say: 'Sorry, I cannot cancel it.' }])
    expect(score).toMatchObject({ isCorrect: false, score: 0, reason: 'db_mismatch' })
  })

  test('airline: the right change but the fee never said is not_communicated; "$50" (or "1,628" for 1628) counts', async () => {
    const bag = { agent: 'update_reservation_baggages', args: { reservation_id: 'EHGLP3', total_baggages: 1, nonfree_baggages: 1, payment_id: 'credit_card_5832574' } }
    const silent = await play('airline_1', [bag, { say: 'Your bag is added.' }])
    expect(silent.score).toMatchObject({ isCorrect: false, reason: 'not_communicated', metadata: { reward_info: { reward_breakdown: { DB: 1, COMMUNICATE: 0 }, communicate_checks: [{ info: '50', met: false }] } } })
    const told = await play('airline_1', [{ say: 'One extra bag costs $50, paid with your card ending 4453. Proceed?' }, bag, { say: 'Added.' }])
    expect(told.score).toMatchObject({ isCorrect: true, metadata: { reward_info: { communicate_checks: [{ info: '50', met: true }] } } })
  })

  test('airline: a refusal that changes nothing is right without asking the judge (NL_ASSERTION is not in the basis)', async () => {
    const before = api.requests.length
    const { score } = await play('airline_2', [{ agent: 'get_reservation_details', args: { reservation_id: 'MZDDS4' } }, { say: 'Basic economy without insurance cannot be cancelled.' }])
    expect(score).toMatchObject({ isCorrect: true, score: 1 })
    expect(score.metadata.judge_usage).toBeUndefined()
    expect(api.requests.length).toBe(before)
  })

  test('retail: an exchange to the wrong variant is a db_mismatch; the right one passes (NL basis with no assertions is met)', async () => {
    const ex = (item: string) => ({ agent: 'exchange_delivered_order_items', args: { order_id: '#W5544629', item_ids: ['1583904702'], new_item_ids: [item], payment_method_id: 'paypal_5181300' } })
    expect((await play('retail_0', [ex('8098621301'), { say: 'Exchange requested.' }])).score).toMatchObject({ isCorrect: true, metadata: { reward_info: { reward_breakdown: { DB: 1, NL_ASSERTION: 1 } } } })
    expect((await play('retail_0', [ex('2645006275'), { say: 'Exchange requested.' }])).score).toMatchObject({ isCorrect: false, reason: 'db_mismatch' })
  })

  test('retail: NL assertions go to the judge with upstream’s prompt; its JSON verdict decides; its usage is counted', async () => {
    const steps = [{ agent: 'return_delivered_order_items', args: { order_id: '#W5544629', item_ids: ['6735339143'], payment_method_id: 'paypal_5181300' } }, { say: 'The refund goes back to your original PayPal account.' }]
    judgeReply = '```json\n{"results": [{"expectedOutcome": "Agent should tell the user that the refund goes to the original PayPal account.", "reasoning": "It did.", "metExpectation": true},]}\n```'
    const yes = await play('retail_2', steps)
    expect(yes.score).toMatchObject({ isCorrect: true, metadata: { judge_usage: { calls: 1 }, reward_info: { nl_assertions: [{ met: true, justification: 'It did.' }] } } })
    const asked = api.requests.at(-1)!.body!.messages as { role: string; content: string }[]
    expect(asked[0].content).toContain('- Your job is to evaluate whether the agent satisfies each of the expected outcomes.')
    expect(asked[1].content).toContain("assistant: The refund goes back to your original PayPal account.\nuser: ok\n        \n        expectedOutcomes:\n        ['Agent should tell the user that the refund goes to the original PayPal account.']")
    judgeReply = '{"results": [{"expectedOutcome": "…", "reasoning": "no", "metExpectation": false}]}'
    expect((await play('retail_2', steps)).score).toMatchObject({ isCorrect: false, reason: 'nl_assertion' })
    judgeReply = 'I think it was fine.'
    expect((await play('retail_2', steps)).score).toMatchObject({ isCorrect: null, reason: 'judge_unparsed' })
    const none = await createJudge({ model: 'judge-model', engine: 'openai-compatible', baseUrl: 'http://127.0.0.1:9/v1', temperature: 0, maxTokens: 64, maxWorkers: 1 }, { maxRetries: 0 })
    expect((await play('retail_2', steps, { judge: none })).score).toMatchObject({ isCorrect: null, reason: 'judge_error' })
  })

  test('telecom: the user turning airplane mode off on their phone meets the env assertions; not doing it fails them', async () => {
    const id = 'telecom_[service_issue]airplane_mode_on[PERSONA:None]'
    const fixed = await play(id, [{ say: 'Please turn airplane mode off.' }, { user: 'toggle_airplane_mode' }, { say: 'Anything else?' }])
    expect(fixed.score).toMatchObject({ isCorrect: true, metadata: { user_tool_calls: 1, reward_info: { reward_breakdown: { ENV_ASSERTION: 1 }, env_assertions: [{ func_name: 'assert_service_status', met: true }, { func_name: 'assert_no_overdue_bill', met: true }] } } })
    const broken = await play(id, [{ say: 'Try restarting.' }, { user: 'reboot_device' }])
    expect(broken.score).toMatchObject({ isCorrect: false, reason: 'env_assertion' })
  })

  test('telecom: ACTION in the basis needs the agent’s own transfer call', async () => {
    const id = 'telecom_[service_issue]lock_sim_card_pin[PERSONA:Hard]'
    expect((await play(id, [{ agent: 'transfer_to_human_agents', args: { summary: 'SIM locked with PIN' } }, { say: 'YOU ARE BEING TRANSFERRED TO A HUMAN AGENT. PLEASE HOLD ON.' }])).score).toMatchObject({ isCorrect: true, metadata: { reward_info: { reward_breakdown: { ENV_ASSERTION: 1, ACTION: 1 } } } })
    expect((await play(id, [{ say: 'Please reboot.' }])).score).toMatchObject({ isCorrect: false, reason: 'action_missing' })
  })

  test('ten failed tool calls end the conversation as tau2 does (too_many_errors, reward 0)', async () => {
    const steps = Array.from({ length: 10 }, () => ({ agent: 'get_user_details', args: { user_id: 'nobody' } }))
    const { score } = await play('airline_0', [...steps, { say: 'Sorry.' }])
    expect(score).toMatchObject({ isCorrect: false, score: 0, reason: 'too_many_errors', metadata: { tool_errors: 10, termination: 'too_many_errors' } })
  })

  test('each attempt starts from the task’s state: a second session does not see the first one’s changes', async () => {
    const record = records.get('airline_0')!
    openSession(record).call('assistant', 'x', 'cancel_reservation', { reservation_id: 'Q69X3R' })
    const fresh = openSession(record)
    expect(fresh.env!.respond('get_reservation_details', { reservation_id: 'Q69X3R' }, 'assistant').content).toContain('"status": null')
  })
})
