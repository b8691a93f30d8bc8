// taubench end to end through the CLI: the fixture snapshot (tau2's real layout), the agent (test-model) and the
// simulated user (user-model, its own [user_simulator] settings) both through the real openai client against the
// scripted server, the domain tools on per-sample databases, the user's own phone tools (telecom), and tau2's
// reward. Then bad input: no snapshot, an unreachable user simulator, a one-call backend, a mistyped option —
// each one line, exit 2, before any chat request.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SAMPLE_RESULT_KEYS, SampleResultSchema, type SampleResult } from '../../src/core/sample-result.ts'
import type { TraceLine } from '../../src/results/trace.ts'
import { deadPort } from '../support/engine-test-kit.ts'
import { conversationOf, startFakeOpenAI, type FakeOpenAI, type FakeReply } from '../support/fake-openai.ts'
import { REPO_ROOT, runJarvis } from '../support/run-process.ts'

const DATA = join(REPO_ROOT, 'test/fixtures/taubench/data/tau2')
const IDS = ['taubench-airline_0', 'taubench-retail_1', 'taubench-telecom_[service_issue]airplane_mode_on[PERSONA:None]']

/** The support agent: reads the user's last message, calls the domain's tools, then tells the user. */
function agent(body: Record<string, unknown>): string | FakeReply {
  const convo = conversationOf(body)
  const last = convo.at(-1)!
  const said = String(last.content ?? '')
  if (last.role === 'tool') {
    if (said.includes('"status": "cancelled"')) return 'Your reservation Q69X3R is cancelled; the 251 dollars go back to your card.'
    if (said.includes('"cancel_reason"')) return 'Your laptop order #W2417020 is cancelled.'
    if (said.includes('"reservation_id": "Q69X3R"')) return 'I found Q69X3R, booked today with insurance. Shall I cancel it?'
  }
  if (said.includes('cancel reservation Q69X3R')) return { toolCalls: [{ name: 'get_reservation_details', arguments: { reservation_id: 'Q69X3R' } }] }
  if (said.startsWith('Yes, cancel')) return { toolCalls: [{ name: 'cancel_reservation', arguments: { reservation_id: 'Q69X3R' } }] }
  // Wrong on purpose: the user said they no longer need it; tau2's gold state says so.
  if (said.includes('#W2417020')) return { toolCalls: [{ name: 'cancel_pending_order', arguments: { order_id: '#W2417020', reason: 'ordered by mistake' } }] }
  if (said.includes('No Service')) return 'Please turn airplane mode off, then tell me what your status bar shows.'
  if (said.includes('signal')) return 'Great, your service is back.'
  return 'How else can I help?'
}

/** The simulated user: says their scenario's request, answers questions, acts on the phone when asked, stops. */
function user(body: Record<string, unknown>): string | FakeReply {
  const convo = conversationOf(body)
  const scenario = String(convo[0].content)
  const last = convo.at(-1)!
  const heard = String(last.content ?? '')
  if (last.role === 'tool') return `Done. My status bar shows ${heard.split('Status Bar: ')[1]}, so I have signal now.`
  if (heard.includes('turn airplane mode off')) return { toolCalls: [{ name: 'toggle_airplane_mode', arguments: {} }] }
  if (/cancelled|service is back/.test(heard)) return 'Thank you! ###STOP###'
  if (heard.includes('Shall I cancel')) return 'Yes, cancel it please.'
  if (scenario.includes('Q69X3R')) return 'Hi, I want to cancel reservation Q69X3R.'
  if (scenario.includes('#W2417020')) return 'Please cancel my pending order #W2417020, I no longer need it.'
  return "My phone shows 'No Service'."
}

let api: FakeOpenAI
let dir: string
const lines = <T = SampleResult>(p: string): T[] => readFileSync(p, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as T)
const chats = () => api.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.body!)

function suite(name: string, o: { userUrl?: string; backend?: string; options?: string } = {}): string {
  const path = join(dir, `${name}.toml`)
  writeFileSync(
    path,
    `[run]\noutput_dir = "${join(dir, name)}"\nmax_workers = 2\n\n[judge]\nmodel = "judge-model"\nbase_url = "${api.url}/v1"\n\n` +
      `[user_simulator]\nmodel = "user-model"\nbase_url = "${o.userUrl ?? `${api.url}/v1`}"\n\n[[models]]\nname = "test-model"\nbase_url = "${api.url}/v1"\n\n` +
      `[[benchmarks]]\nname = "taubench"\nbackend = "${o.backend ?? 'jarvis-agent'}"\nsplit = "all"\nrecord_ids = ${JSON.stringify(IDS)}\n\n[benchmarks.options]\n${o.options ?? `data_dir = "${DATA}"`}\n`,
  )
  return path
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jarvis-tau-e2e-'))
  api = await startFakeOpenAI({ models: ['test-model', 'user-model', 'judge-model'], answer: (_p, body) => (body.model === 'user-model' ? user(body) : agent(body)) })
})
afterAll(async () => {
  await api?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('jarvis eval run -b taubench: a conversation per task with a simulated user', () => {
  let res: Awaited<ReturnType<typeof runJarvis>>
  let out: Record<string, SampleResult>
  let asked: number
  beforeAll(async () => {
    asked = chats().length
    res = await runJarvis(['eval', 'run', '-c', suite('run')], { JARVIS_QUIET: '1' }, 180_000)
    out = Object.fromEntries(lines(join(dir, 'run', 'taubench_test-model.jsonl')).map((l) => [l.record_id, l]))
  }, 200_000)

  test('exits 0 (a wrong answer is a verdict), one spec-shaped line per task with tau2’s reward', () => {
    expect(res.code, res.stdout + res.stderr).toBe(0)
    expect(Object.keys(out).sort()).toEqual([...IDS].sort())
    for (const l of Object.values(out)) {
      expect(Object.keys(l)).toEqual(SAMPLE_RESULT_KEYS)
      expect(() => SampleResultSchema.parse(l)).not.toThrow()
      expect(l).toMatchObject({ benchmark: 'taubench', backend: 'jarvis-agent', error: null, category: 'agentic' })
    }
    expect(out['taubench-airline_0']).toMatchObject({ is_correct: true, score: 1, subject: 'taubench-airline', model_answer: 'Your reservation Q69X3R is cancelled; the 251 dollars go back to your card.' })
    expect(out['taubench-airline_0'].scoring_metadata).toMatchObject({ reward: 1, tool_calls: 2, reward_info: { reward_breakdown: { DB: 1, COMMUNICATE: 1 } } })
    expect(out['taubench-retail_1']).toMatchObject({ is_correct: false, score: 0, subject: 'taubench-retail' })
    expect(out['taubench-retail_1'].scoring_metadata).toMatchObject({ reason: 'db_mismatch', reward: 0 })
    const phone = out['taubench-telecom_[service_issue]airplane_mode_on[PERSONA:None]']
    expect(phone).toMatchObject({ is_correct: true, score: 1, subject: 'taubench-telecom' })
    expect(phone.scoring_metadata).toMatchObject({ user_tool_calls: 1, reward_info: { reward_breakdown: { ENV_ASSERTION: 1 } } })
  })

  test("the agent's turns add up into the line; the user simulator's calls and tokens are counted apart", () => {
    const traces = Object.fromEntries(lines<TraceLine>(join(dir, 'run', 'traces', 'taubench_test-model', 'traces.jsonl')).map((t) => [t.record_id, t]))
    const bodies = chats().slice(asked)
    for (const id of IDS) {
      const l = out[id]
      const t = traces[id]
      const turns = t.trace_data.turns
      expect(l.prompt_tokens, id).toBe(turns.reduce((s, x) => s + x.prompt_tokens, 0))
      expect(l.completion_tokens, id).toBe(turns.reduce((s, x) => s + x.completion_tokens, 0))
      const u = l.scoring_metadata.user_simulator as { model: string; calls: number; prompt_tokens: number; tool_calls: number }
      expect(u.model).toBe('user-model')
      expect(u.prompt_tokens).toBeGreaterThan(0)
      // Conversations: the greeting first, the user's turns in the transcript, the user's stop message last.
      expect(t.trace_data.messages[1]).toMatchObject({ role: 'assistant', content: 'Hi! How can I help you today?' })
      expect(t.trace_data.messages.at(-1)).toMatchObject({ role: 'user', content: 'Thank you! ###STOP###' })
    }
    // airline: lookup, ask, cancel, tell = 4 agent turns; the user spoke 3 times.
    expect(traces['taubench-airline_0'].trace_data.turns).toHaveLength(4)
    expect(out['taubench-airline_0'].scoring_metadata.user_simulator).toMatchObject({ calls: 3, tool_calls: 0 })
    // telecom: the user's tool call (and the reply after its result) were its own model calls, on its own phone tools.
    expect(out['taubench-telecom_[service_issue]airplane_mode_on[PERSONA:None]'].scoring_metadata.user_simulator).toMatchObject({ calls: 4, tool_calls: 1 })
    const agentCalls = bodies.filter((b) => b.model === 'test-model').length
    const userCalls = bodies.filter((b) => b.model === 'user-model').length
    expect(agentCalls).toBe(IDS.reduce((s, id) => s + traces[id].trace_data.turns.length, 0))
    expect(userCalls).toBe(IDS.reduce((s, id) => s + (out[id].scoring_metadata.user_simulator as { calls: number }).calls, 0))
    // The agent was offered the domain's tools, the phone's never; the user only the phone's.
    const agentTools = bodies.find((b) => b.model === 'test-model' && JSON.stringify(b).includes('Telecom'))!.tools as { function: { name: string } }[]
    expect(agentTools.map((t) => t.function.name)).toContain('get_customer_by_phone')
    expect(agentTools.map((t) => t.function.name)).not.toContain('toggle_airplane_mode')
  })

  test('summary: 2 of 3 correct', () => {
    const s = JSON.parse(readFileSync(join(dir, 'run', 'taubench_test-model.jsonl.summary.json'), 'utf8'))
    expect(s).toMatchObject({ benchmark: 'taubench', total_samples: 3, scored_samples: 3, correct: 2, accuracy: 0.6667, errors: 0 })
  })
})

describe('taubench bad input: one line, exit 2, no chat request', () => {
  const refused = async (args: string[], env: Record<string, string> = {}) => {
    const before = chats().length
    const r = await runJarvis(['eval', 'run', ...args], { JARVIS_QUIET: '1', ...env })
    expect(r.code, r.stdout + r.stderr).toBe(2)
    const err = r.stderr.trim().split('\n')
    expect(err, r.stderr).toHaveLength(1)
    expect(chats().length).toBe(before)
    return err[0]
  }

  test('no snapshot: says what is needed and where to get it', async () => {
    expect(await refused(['-b', 'taubench', '-m', 'test-model', '--base-url', `${api.url}/v1`, '--backend', 'jarvis-agent', '--output-dir', join(dir, 'x')])).toMatch(
      /^jarvis: taubench needs TAU2_DATA_DIR: a tau2-bench data snapshot \(its data\/tau2 folder, commit fc0055dc\) is needed: set TAU2_DATA_DIR or \[benchmarks\.options\] data_dir to its folder\. git clone https:\/\/github\.com\/sierra-research\/tau2-bench && git -C tau2-bench checkout fc0055dc/,
    )
  })

  test('a user simulator nobody answers for', async () => {
    const port = await deadPort()
    expect(await refused(['-c', suite('no-user', { userUrl: `http://127.0.0.1:${port}/v1` })])).toMatch(/^jarvis: taubench needs its user simulator, but user-model is unavailable: .*127\.0\.0\.1:\d+.* Set \[user_simulator\] model \/ base_url \(or engine\), or \[benchmarks\.user_simulator\], to a reachable model\.$/)
  })

  test('a one-call backend cannot act on the databases', async () => {
    expect(await refused(['-c', suite('direct', { backend: 'jarvis-direct' })])).toBe('jarvis: taubench is scored on its tool calls and needs an agent backend; add --backend jarvis-agent (or backend = "jarvis-agent" in [[benchmarks]]).')
  })

  test('a mistyped option is named, with the one it means', async () => {
    const line = await refused(['-c', suite('typo', { options: `data_dri = "${DATA}"` })])
    expect(line).toMatch(/\[\[benchmarks\]\] #1 \[benchmarks\.options\]: "taubench" has no option "data_dri"\. Did you mean "data_dir"\? Options: data_dir\.$/)
  })

  test('jarvis eval list shows what taubench needs on this machine', async () => {
    const missing = await runJarvis(['eval', 'list', '--json'], { JARVIS_QUIET: '1' })
    const row = (JSON.parse(missing.stdout) as { key: string; status: string; machine: { ok: boolean; missing: string[] } }[]).find((r) => r.key === 'taubench')!
    expect(row).toMatchObject({ status: 'ready', machine: { ok: false, missing: ['TAU2_DATA_DIR'] } })
    const here = await runJarvis(['eval', 'list', '--json'], { JARVIS_QUIET: '1', TAU2_DATA_DIR: DATA })
    expect((JSON.parse(here.stdout) as { key: string; machine: { ok: boolean } }[]).find((r) => r.key === 'taubench')!.machine.ok).toBe(true)
  })
})
