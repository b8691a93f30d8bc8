import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SAMPLE_RESULT_KEYS, SampleResultSchema, type SampleResult } from '../../src/core/sample-result.ts'
import type { TraceLine } from '../../src/results/trace.ts'
import { GAIA_REPO, GAIA_TASKS } from '../support/fixtures-gaia.ts'
import { runJarvis, type ProcessResult } from '../support/run-process.ts'
import { AGENT, ALL, HF_TOKEN, startAgenticWorld, type AgenticWorld } from './fixtures/agentic/world.ts'

// The seven agentic benchmarks end to end: one `jarvis eval run -c` over all of them (five on jarvis-agent,
// loghub and terminalbench on jarvis-direct), the real @huggingface/hub client against a fake Hub serving data
// shaped like the real repos (GAIA gated), the real openai client against a scripted server that plays the
// agent with real tool_calls and the judge. The scripted agent builds its answers from the tool results it gets
// back (fixtures/agentic/model.ts): GAIA's from the attachment read by file_read and the calculator, ToolCall-15's
// points from the mock outputs served through the loop. The same ToolCall-15 run again through Ollama's API.

let dir: string
let world: AgenticWorld
let run: ProcessResult
const out = () => join(dir, 'out')

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jarvis-agentic-e2e-'))
  world = await startAgenticWorld(dir)
  run = await runJarvis(['eval', 'run', '-c', world.suite({ name: 'all', out: out(), benchmarks: ALL })], world.env, 300_000)
}, 320_000)

afterAll(async () => {
  await world?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const readJsonl = <T = SampleResult>(path: string): T[] => readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l))
const lines = (key: string, base = out()) => Object.fromEntries(readJsonl(join(base, `${key}_test-model.jsonl`)).map((l) => [l.record_id, l]))
const summary = (key: string, base = out()) => JSON.parse(readFileSync(join(base, `${key}_test-model.jsonl.summary.json`), 'utf8'))
const traces = (key: string, base = out()) => Object.fromEntries(readJsonl<TraceLine>(join(base, 'traces', `${key}_test-model`, 'traces.jsonl')).map((t) => [t.record_id, t]))
const names = (l: SampleResult) => ((l.scoring_metadata.query_trace as { tool_calls: { name: string }[] } | undefined)?.tool_calls ?? []).map((c) => c.name)
const gaiaId = (i: number) => `gaia-${GAIA_TASKS[i].task_id}`

/** record id → expected is_correct, per benchmark. */
const EXPECTED: Record<string, Record<string, boolean | null>> = {
  gaia: Object.fromEntries(GAIA_TASKS.map((t, i) => [gaiaId(i), i !== 4])),
  toolcall15: Object.fromEntries(Array.from({ length: 15 }, (_, i) => `toolcall15-TC-${String(i + 1).padStart(2, '0')}`).map((id) => [id, !['toolcall15-TC-01', 'toolcall15-TC-14'].includes(id)])),
  paperarena: { 'paperarena-pa-0001': true, 'paperarena-pa-0002': true, 'paperarena-pa-0003': true, 'paperarena-pa-0004': true },
  deepplanning: { 'deepplanning-L1-case_1': true, 'deepplanning-L1-case_2': false, 'deepplanning-L2-case_10': true },
  'ama-bench': { 'ama-bench-webshop_0007-q-7f1c': true, 'ama-bench-webshop_0007-q-7f1d': true, 'ama-bench-webshop_0007-q-7f1e': false, 'ama-bench-alfworld_0112-q-a001': true, 'ama-bench-alfworld_0112-q1': true },
  loghub: {
    'loghub-hdfs-blk_-1608999687919862906': true,
    'loghub-hdfs-blk_7503483334202473044': true,
    'loghub-hdfs-blk_-3544583377289625738': false,
    'loghub-hdfs-blk_-9073992586687739851': true,
    'loghub-hdfs-blk_1717858812220360316': true,
  },
  terminalbench: { 'terminalbench-count-log-errors': true, 'terminalbench-largest-file': false, 'terminalbench-open-ports': true, 'terminalbench-no-reference': null },
}

describe('jarvis eval run -c over the seven agentic benchmarks', () => {
  test('exits 0 with a row per benchmark; every judge request belonged to a scripted benchmark; the token is never written', () => {
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(run.stdout).toContain('Matrix: 1 model(s) x 7 benchmark(s) = 7 run(s)')
    for (const key of ALL) expect(run.stdout).toMatch(new RegExp(`│ ${key} +│ test-model`))
    expect(world.judgeLog.filter((b) => b === 'unknown')).toEqual([])
    const gaiaDownloads = world.hub.requests.filter((r) => r.path.startsWith(`/datasets/${GAIA_REPO}/resolve/`))
    expect(gaiaDownloads.length).toBeGreaterThan(0)
    expect(gaiaDownloads.every((r) => r.auth)).toBe(true)
    for (const key of ALL) expect(readFileSync(join(out(), `${key}_test-model.jsonl`), 'utf8')).not.toContain(HF_TOKEN)
    expect(run.stdout + run.stderr).not.toContain(HF_TOKEN)
  })

  test.each(ALL)('%s: one spec-shaped line per sample with the scripted verdict; the summary counts them', (key) => {
    const got = lines(key)
    const want = EXPECTED[key]
    expect(Object.keys(got).sort()).toEqual(Object.keys(want).sort())
    for (const [id, l] of Object.entries(got)) {
      expect(Object.keys(l)).toEqual(SAMPLE_RESULT_KEYS)
      expect(() => SampleResultSchema.parse(l)).not.toThrow()
      expect(l).toMatchObject({ benchmark: key, model: 'test-model', backend: (AGENT as readonly string[]).includes(key) ? 'jarvis-agent' : 'jarvis-direct', error: null })
      expect(l.is_correct, `${id}: ${l.model_answer} ${JSON.stringify(l.scoring_metadata)}`).toBe(want[id])
    }
    const scored = Object.values(want).filter((v) => v !== null)
    expect(summary(key)).toMatchObject({ total_samples: scored.length + Object.values(want).filter((v) => v === null).length, scored_samples: scored.length, correct: scored.filter(Boolean).length })
    // agent runs write a trace per sample and the compact query_trace; one-call runs write neither
    expect(existsSync(join(out(), 'traces', `${key}_test-model`, 'traces.jsonl'))).toBe((AGENT as readonly string[]).includes(key))
    for (const l of Object.values(got)) expect(l.scoring_metadata.query_trace !== undefined).toBe((AGENT as readonly string[]).includes(key))
  })
})

describe('gaia: the answer depends on the attachment file_read returned', () => {
  test('the lemons task read its attachment in the work dir, summed with the calculator and matched exactly', () => {
    const l = lines('gaia')[gaiaId(0)]
    expect(l).toMatchObject({ subject: 'level_1', category: 'agentic', model_answer: 'I read the depot notes and added both days. The answer is 4417.', scoring_metadata: { match_type: 'exact' } })
    expect(l.scoring_metadata.query_trace).toEqual({
      turns: 3,
      stop: 'answer',
      tool_calls: [
        { turn: 1, name: 'file_read', arguments: { path: `${GAIA_TASKS[0].task_id}.txt` }, is_error: false },
        { turn: 2, name: 'calculator', arguments: { expression: '1204 + 3213' }, is_error: false },
      ],
    })
    const t = traces('gaia')[gaiaId(0)]
    expect(t.trace_data.turns[0].tool_results[0].content).toContain('Monday: 1,204 crates of lemons received.')
    expect(t.trace_data.turns[1].tool_results[0].content).toBe('4417')
  })

  test('the CSV task, a binary attachment (named, not dumped → the judge says wrong), a prose answer the judge accepts', () => {
    const g = lines('gaia')
    expect(g[gaiaId(1)]).toMatchObject({ model_answer: 'Pavel', is_correct: true, subject: 'level_2' })
    expect(g[gaiaId(4)].scoring_metadata).toMatchObject({ match_type: 'judge', query_trace: { tool_calls: [{ name: 'file_read', is_error: true }] } })
    expect(g[gaiaId(5)].scoring_metadata).toMatchObject({ match_type: 'judge', judge_usage: { calls: 1 } })
    expect(g[gaiaId(2)].scoring_metadata).toMatchObject({ match_type: 'exact', query_trace: { turns: 1, tool_calls: [] } })
    // the default tools were offered: file_read and the calculator
    const body = world.api.requests.find((r) => JSON.stringify(r.body?.messages ?? []).includes('crates of lemons'))!.body!
    expect((body.tools as { function: { name: string } }[]).map((t) => t.function.name)).toEqual(['file_read', 'calculator'])
  })
})

describe('toolcall15: the mock outputs are served through the loop', () => {
  test('points from the real calls: chains threaded through served results, retries after the empty search, two partials', () => {
    const t = lines('toolcall15')
    const pts = Object.fromEntries(Object.entries(t).map(([id, l]) => [id.slice(11), l.scoring_metadata.points]))
    expect(pts).toEqual({ 'TC-01': 1, 'TC-02': 2, 'TC-03': 2, 'TC-04': 2, 'TC-05': 2, 'TC-06': 2, 'TC-07': 2, 'TC-08': 2, 'TC-09': 2, 'TC-10': 2, 'TC-11': 2, 'TC-12': 2, 'TC-13': 2, 'TC-14': 1, 'TC-15': 2 })
    expect(t['toolcall15-TC-01']).toMatchObject({ score: 0.5, category: 'A-ToolSelection', subject: 'Direct Specialist Match' })
    expect(t['toolcall15-TC-07'].scoring_metadata.tool_calls).toEqual([
      { name: 'search_files', arguments: { query: 'Q3 budget report' }, turn: 1 },
      { name: 'read_file', arguments: { file_id: 'file_091' }, turn: 2 },
      { name: 'get_contacts', arguments: { query: 'manager' }, turn: 3 },
      { name: 'send_email', arguments: { to: 'jordan.park@company.com', subject: 'Q3 budget total', body: 'The Q3 budget total is $4.4M.' }, turn: 4 },
    ])
    expect(t['toolcall15-TC-13'].model_answer).toBe('Found it: Johnson_Project_Proposal_v2.docx.')
    expect(t['toolcall15-TC-15'].model_answer).toBe("2% of Iceland's population is 7450.4.")
    expect((t['toolcall15-TC-05'].scoring_metadata.tool_calls as { arguments: unknown }[])[1].arguments).toMatchObject({ date: '2026-03-23', attendees: ['alex.stone@company.com', 'jamie.liu@company.com'] })
    // TC-02 was called through the text protocol: the agent ran it and the trace holds it
    expect(t['toolcall15-TC-02']).toMatchObject({ model_answer: 'AAPL trades at $187.42.', scoring_metadata: { calls_from: 'trace' } })
    expect(summary('toolcall15')).toMatchObject({ accuracy: 0.8667, correct: 13 })
  })

  test('each request offered exactly the 12 scenario tools, and no registry tool', () => {
    const body = world.api.requests.find((r) => JSON.stringify(r.body?.messages ?? []).includes('How is the weather in Berlin'))!.body!
    expect((body.tools as { function: { name: string } }[]).map((t) => t.function.name)).toEqual([
      'web_search', 'get_weather', 'calculator', 'send_email', 'search_files', 'read_file', 'create_calendar_event', 'get_contacts', 'translate_text', 'get_stock_price', 'set_reminder', 'run_code',
    ])
  })
})

describe('the other agent runs', () => {
  test('ama-bench runs as episodes: earlier right answers are prepended as examples, in order', () => {
    const a = lines('ama-bench')
    const prior = (id: string) => a[`ama-bench-${id}`].scoring_metadata
    expect(prior('webshop_0007-q-7f1c')).toMatchObject({ episode_id: 'webshop_0007', prior_examples: 0 })
    expect(prior('webshop_0007-q-7f1d').prior_examples).toBe(1)
    expect(prior('webshop_0007-q-7f1e').prior_examples).toBe(2)
    expect(prior('alfworld_0112-q1')).toMatchObject({ prior_examples: 1, match_type: 'f1_fallback', f1: 1 })
    expect(a['ama-bench-webshop_0007-q-7f1c']).toMatchObject({ subject: 'recall', scoring_metadata: { match_type: 'judge', judge_label: 'yes' } })
  })

  test('paperarena and deepplanning computed with the calculator; the judge saw the results', () => {
    expect(names(lines('paperarena')['paperarena-pa-0003'])).toEqual(['calculator'])
    expect(lines('paperarena')['paperarena-pa-0003'].model_answer).toBe('The kernel is 4.2x faster.')
    expect(lines('paperarena')['paperarena-pa-0001'].scoring_metadata).toMatchObject({ match_type: 'exact_letter', candidate_letter: 'B' })
    const dp = lines('deepplanning')['deepplanning-L2-case_10']
    expect(names(dp)).toEqual(['calculator'])
    expect(dp.model_answer).toBe('Selected: Linka FlexCord 1m ($8.75); Linka FlexCord 2m ($11.4). Cart total: $20.15.')
    expect(dp.scoring_metadata).toMatchObject({ match_type: 'judge', verdict_via: 'first_word' })
  })

  test('loghub and terminalbench answered in one call; the judge only where the words did not tell', () => {
    const lh = lines('loghub')
    expect(lh['loghub-hdfs-blk_-3544583377289625738'].scoring_metadata).toMatchObject({ match_type: 'judge', predicted: 'anomaly', reference: 'normal' })
    expect(lh['loghub-hdfs-blk_7503483334202473044'].scoring_metadata).toMatchObject({ match_type: 'regex', predicted: 'anomaly' })
    expect(world.judgeLog.filter((b) => b === 'loghub')).toHaveLength(1)
    expect(lines('terminalbench')['terminalbench-no-reference'].scoring_metadata.reason).toBe('no_reference')
  })
})

describe("toolcall15 through Ollama's API", () => {
  test('the same points over native /api/chat tool calls', async () => {
    const base = join(dir, 'out-ollama')
    const before = world.api.requests.filter((r) => r.path === '/api/chat').length
    // --tools adds run tools beside the scenario's; a mock replaces the registry tool of its name (calculator)
    const res = await runJarvis(['eval', 'run', '-c', world.suite({ name: 'ollama', out: base, benchmarks: ['toolcall15'], engine: 'ollama' }), '--tools', 'calculator,think'], world.env, 180_000)
    expect(res.code, res.stdout + res.stderr).toBe(0)
    const o = lines('toolcall15', base)
    const d = lines('toolcall15')
    for (const id of Object.keys(d)) expect([id, o[id].scoring_metadata.points, o[id].model_answer]).toEqual([id, d[id].scoring_metadata.points, d[id].model_answer])
    const bodies = world.api.requests.filter((r) => r.path === '/api/chat').slice(before)
    expect(bodies.length).toBeGreaterThan(15)
    const offered = (b: (typeof bodies)[number]) => (b.body!.tools as { function: { name: string } }[]).map((t) => t.function.name)
    expect(bodies.every((b) => offered(b).length === 13 && new Set(offered(b)).size === 13 && offered(b)[0] === 'think')).toBe(true)
    expect(bodies.some((b) => (b.body!.messages as { role: string; tool_name?: string }[]).some((m) => m.role === 'tool' && m.tool_name === 'search_files'))).toBe(true)
  }, 200_000)
})

describe('jarvis eval list', () => {
  test('marks the seven agentic keys ready', async () => {
    const res = await runJarvis(['eval', 'list', '--json'], { JARVIS_QUIET: '1' })
    expect(res.code, res.stderr).toBe(0)
    const list = JSON.parse(res.stdout) as { key: string; status: string }[]
    expect(Object.fromEntries(ALL.map((k) => [k, list.find((b) => b.key === k)?.status]))).toEqual(Object.fromEntries(ALL.map((k) => [k, 'ready'])))
  })
})

describe('bad input: a benchmark that needs an agent, run with jarvis-direct', () => {
  test.each([
    ['toolcall15', /^jarvis: toolcall15 is scored on its tool calls and needs an agent backend; add --backend jarvis-agent/],
    ['gaia', /^jarvis: gaia reads its tasks' attachments and looks things up with tools and needs an agent backend; add --backend jarvis-agent/],
  ])('%s → one line, exit 2, no model call', async (key, message) => {
    const chats = () => world.api.requests.filter((r) => r.path === '/v1/chat/completions').length
    const before = chats()
    const res = await runJarvis(['eval', 'run', '-b', key, '-m', 'test-model', '--base-url', `${world.api.url}/v1`, '-o', join(dir, `bad-${key}`)], world.env)
    expect(res.code).toBe(2)
    expect(res.stderr.trim().split('\n')).toHaveLength(1)
    expect(res.stderr.trim()).toMatch(message)
    expect(chats()).toBe(before)
  })
})
