import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, cpSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { REPO_ROOT } from '../../test/support/run-process.ts'
import { checkRequirements } from '../../src/requirements/index.ts'
import { TAU2_DATA } from './data-dir.ts'
import { loadTauBench, selection } from './loader.ts'
import { agentMessages } from './prompt.ts'
import type { TauMeta } from './session.ts'

// The loader over a snapshot in the real layout (data/tau2/domains/<domain>/tasks.json, split_tasks.json, …).

const DATA = join(REPO_ROOT, 'test/fixtures/taubench/data/tau2')
const SCENARIOS = JSON.parse(readFileSync(join(REPO_ROOT, 'test/fixtures/taubench/parity/scenarios.json'), 'utf8')) as Record<string, string>
const load = (o: { split?: string; subset?: string; dir?: string } = {}) =>
  loadTauBench({ seed: 42, split: o.split, subset: o.subset, options: {}, log: () => {} }, { TAU2_DATA_DIR: o.dir ?? DATA })
const tmp = mkdtempSync(join(tmpdir(), 'jarvis-tau-loader-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

describe('taubench loader', () => {
  test("the test split of all three domains by default, ids as <benchmark>-<domain>_<task id>", async () => {
    const rs = await load()
    expect(rs.map((r) => r.record_id)).toEqual([
      'taubench-airline_0', 'taubench-airline_1', 'taubench-airline_3',
      'taubench-retail_0', 'taubench-retail_1', 'taubench-retail_3',
      'taubench-telecom_[mobile_data_issue]user_abroad_roaming_enabled_off[PERSONA:None]',
      'taubench-telecom_[service_issue]airplane_mode_on[PERSONA:None]',
      'taubench-telecom_[service_issue]overdue_bill_suspension[PERSONA:Easy]',
    ])
    const r = rs[0]
    expect(r).toMatchObject({ category: 'agentic', subject: 'taubench-airline', reference: 'Cancellation within 24 hours of booking is allowed and refunded to the original payment.' })
    expect((r.metadata as unknown as TauMeta).task.evaluation_criteria?.actions?.map((a) => a.name)).toEqual(['get_user_details', 'get_reservation_details', 'cancel_reservation'])
  })

  test("the problem is the user's scenario exactly as upstream's str(UserScenario) prints it", async () => {
    const rs = await load({ split: 'all' })
    expect(rs).toHaveLength(12)
    for (const r of rs) expect(r.problem, r.record_id).toBe(SCENARIOS[r.record_id])
  })

  test('subset picks domains; train / all pick tau2 splits; a split naming domains works as OpenJarvis configs use it', async () => {
    expect((await load({ subset: 'retail' })).map((r) => r.record_id)).toEqual(['taubench-retail_0', 'taubench-retail_1', 'taubench-retail_3'])
    expect((await load({ split: 'train' })).map((r) => r.record_id)).toEqual(['taubench-airline_2', 'taubench-retail_2', 'taubench-telecom_[service_issue]lock_sim_card_pin[PERSONA:Hard]'])
    expect(selection({ split: 'airline,retail' })).toEqual({ domains: ['airline', 'retail'], split: 'test' })
    expect((await load({ split: 'airline,retail' })).map((r) => r.subject)).toEqual(Array(6).fill('taubench-airline').fill('taubench-retail', 3))
  })

  test('the agent sees tau2’s system prompt with the domain policy, then the greeting the user answers', async () => {
    const [r] = await load({ subset: 'airline' })
    const [system, greeting] = agentMessages(readFileSync(join(DATA, 'domains/airline/policy.md'), 'utf8'))
    expect(system.content).toMatch(/^<instructions>\nYou are a customer service agent that helps the user according to the <policy> provided below\.\n/)
    expect(system.content).toMatch(/<\/instructions>\n<policy>\n# Airline Agent Policy\n[\s\S]*\n<\/policy>$/)
    expect(greeting).toEqual({ role: 'assistant', content: 'Hi! How can I help you today?' })
    expect(r.record_id).toBe('taubench-airline_0')
  })

  test('bad input: an unknown domain or split, a missing folder, a broken file — one clear line each', async () => {
    await expect(load({ subset: 'airline,banking' })).rejects.toThrow('taubench subset: "banking" is not a tau2 domain; use airline, retail, telecom (comma-separated).')
    await expect(load({ split: 'dev' })).rejects.toThrow(`taubench airline: no split "dev" in ${DATA}/domains/airline/split_tasks.json (splits: train, test, base).`)
    await expect(load({ dir: join(tmp, 'nothing') })).rejects.toThrow(`taubench: ${join(tmp, 'nothing')} holds no domains/ folder; point TAU2_DATA_DIR (or [benchmarks.options] data_dir) at the data/tau2 folder of a tau2-bench checkout.`)
    await expect(loadTauBench({ seed: 1, log: () => {} }, {})).rejects.toThrow(/^taubench needs a tau2-bench data snapshot \(its data\/tau2 folder, commit fc0055dc\): set TAU2_DATA_DIR or \[benchmarks.options\] data_dir to its folder\. git clone https:\/\/github\.com\/sierra-research\/tau2-bench/)
    const broken = join(tmp, 'broken')
    cpSync(DATA, broken, { recursive: true })
    writeFileSync(join(broken, 'domains/retail/tasks.json'), JSON.stringify([{ id: '9', user_scenario: {} }]))
    await expect(load({ dir: broken, subset: 'retail' })).rejects.toThrow(`taubench retail: task #1 in ${broken}/domains/retail/tasks.json is not a tau2 task: user_scenario.instructions`)
  })

  test('a checkout root works as well as its data/tau2 folder; the requirement probe says which', async () => {
    const root = join(tmp, 'checkout')
    mkdirSync(join(root, 'data'), { recursive: true })
    cpSync(DATA, join(root, 'data', 'tau2'), { recursive: true })
    expect(await load({ dir: root, subset: 'airline' })).toHaveLength(3)
    const [ok] = await checkRequirements([TAU2_DATA], { TAU2_DATA_DIR: root })
    expect(ok).toMatchObject({ ok: true, label: 'TAU2_DATA_DIR', detail: root })
    const [missing] = await checkRequirements([TAU2_DATA], {})
    expect(missing.detail).toMatch(/^a tau2-bench data snapshot \(its data\/tau2 folder, commit fc0055dc\) is needed: set TAU2_DATA_DIR or \[benchmarks\.options\] data_dir to its folder\./)
    const [viaOption] = await checkRequirements([TAU2_DATA], {}, { data_dir: tmp })
    expect(viaOption.detail).toMatch(new RegExp(`^\\[benchmarks\\.options\\] data_dir = "${tmp}" holds no domains or data/tau2/domains;`))
  })
})
