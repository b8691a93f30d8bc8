// pinchbench, liveresearch and its deepresearch alias end to end through the CLI: one suite, the real openai
// client against one scripted server playing the agent (native tool calls) and the judge, the fixture tasks in
// pinchbench/skill's layout (workspaces, grade() in the sandbox, judge and hybrid), DeepResearchBench's layout
// with web tools over an offline corpus (JARVIS_SEARCH_CORPUS). Tasks that need the internet or several
// sessions are unscored without a model call; reparse-judge re-reads a stored judge reply with the rescorer.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SAMPLE_RESULT_KEYS, SampleResultSchema, type SampleResult } from '../../src/core/sample-result.ts'
import { conversationOf, startFakeOpenAI, type FakeOpenAI, type FakeReply } from '../support/fake-openai.ts'
import { REPO_ROOT, runJarvis } from '../support/run-process.ts'

type Call = { name: string; arguments: Record<string, unknown> }
/** Per task: the tool calls, one per turn, then the final reply. */
const AGENT: [phrase: string, calls: Call[], final: string][] = [
  ['Set up a notes folder', [{ name: 'file_write', arguments: { path: 'notes/todo.md', content: '# Todo\n- plan the week\n' } }, { name: 'file_write', arguments: { path: 'config.json', content: '{"debug": false}' } }], 'Created notes/todo.md and config.json.'],
  ['Read `minutes.txt`', [{ name: 'file_read', arguments: { path: 'minutes.txt' } }, { name: 'file_write', arguments: { path: 'digest.md', content: 'Launch moves to May.\nPriya owns the pricing page.\nOpen: keep the free tier?\n' } }], 'Wrote digest.md.'],
  ['`data/sales.csv`', [{ name: 'file_read', arguments: { path: 'data/sales.csv' } }, { name: 'file_write', arguments: { path: 'report.md', content: 'Total revenue: 4350\nBest region: North\n' } }], 'Report written.'],
  ['levelized cost of electricity', [{ name: 'web_search', arguments: { query: 'onshore wind solar LCOE Europe' } }], '# LCOE of wind and solar in Europe\n\nSolar fell from 0.10 to 0.05 EUR/kWh (https://energy.example/lcoe-2024) …'],
]
const JUDGE: [phrase: string, reply: string][] = [
  ['Read `minutes.txt`', '{"scores": {"accuracy": 1.0, "concision": 0.8}, "total": 0.92, "notes": "all three facts"}'],
  ['`data/sales.csv`', '{"scores": {"clarity": 0.1}, "total": 0.1, "notes": "terse"}'],
  ['levelized cost of electricity', '```json\n{"scores": {"comprehensiveness": 7, "insight": 6, "instruction_following": 8, "readability": 7}, "weighted_total": 6.9, "notes": "good"}\n```'],
  ['four-day work weeks', 'The report is decent overall.'],
  ['半导体设备', '{"scores": {"comprehensiveness": 3, "insight": 2, "instruction_following": 4, "readability": 5}}'],
]

let dir: string
let api: FakeOpenAI
let res: Awaited<ReturnType<typeof runJarvis>>
let out: string
const chats = () => api.requests.filter((r) => r.path === '/v1/chat/completions')
const firstUser = (body: Record<string, unknown>) => String(conversationOf(body).find((m) => m.role === 'user')?.content ?? '')

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jarvis-agent-tasks-e2e-'))
  out = join(dir, 'out')
  api = await startFakeOpenAI({
    models: ['test-model', 'judge-model'],
    answer: (prompt, body): string | FakeReply => {
      if (body.model === 'judge-model') return JUDGE.find(([p]) => prompt.includes(p))?.[1] ?? 'no idea'
      const task = firstUser(body)
      const a = AGENT.find(([p]) => task.includes(p))
      if (!a) return 'A report: the semiconductor equipment market is led by a few firms.'
      const done = conversationOf(body).filter((m) => m.role === 'tool').length
      return done < a[1].length ? { content: '', toolCalls: [a[1][done]] } : a[2]
    },
  })
  const corpus = join(dir, 'corpus.jsonl')
  writeFileSync(corpus, JSON.stringify({ url: 'https://energy.example/lcoe-2024', title: 'European LCOE 2015–2024', text: 'Onshore wind LCOE fell to 0.04 EUR/kWh and utility-scale solar to 0.05 EUR/kWh by 2024.' }) + '\n')
  const suite = join(dir, 'suite.toml')
  writeFileSync(suite, [
    `[judge]\nmodel = "judge-model"\nbase_url = "${api.url}/v1"\n`,
    `[run]\nmax_workers = 2\noutput_dir = "${out}"\n`,
    `[[models]]\nname = "test-model"\nbase_url = "${api.url}/v1"\n`,
    '[[benchmarks]]\nname = "pinchbench"\nbackend = "jarvis-agent"\n',
    '[[benchmarks]]\nname = "liveresearch"\nbackend = "jarvis-agent"\ntools = ["web_search", "web_fetch"]\nsplit = "en"\n',
    '[[benchmarks]]\nname = "deepresearch"\nsplit = "zh"\n',
  ].join('\n'))
  res = await runJarvis(['eval', 'run', '-c', suite], {
    JARVIS_QUIET: '1',
    PINCHBENCH_REPO_DIR: join(REPO_ROOT, 'test/fixtures/pinchbench'),
    DRB_REPO_DIR: join(REPO_ROOT, 'test/fixtures/deep_research_bench'),
    JARVIS_SEARCH_CORPUS: corpus,
  }, 240_000)
}, 260_000)

afterAll(async () => {
  await api?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const lines = (key: string): Record<string, SampleResult> =>
  Object.fromEntries(readFileSync(join(out, `${key}_test-model.jsonl`), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as SampleResult).map((l) => [l.record_id, l]))
const summary = (key: string) => JSON.parse(readFileSync(join(out, `${key}_test-model.jsonl.summary.json`), 'utf8'))

describe('jarvis eval run: pinchbench, liveresearch, deepresearch', () => {
  test('exits 0 (wrong answers do not fail a run here); every line is spec-shaped', () => {
    expect(res.code, res.stdout + res.stderr).toBe(0)
    for (const key of ['pinchbench', 'liveresearch', 'deepresearch'])
      for (const l of Object.values(lines(key))) {
        expect(Object.keys(l)).toEqual(SAMPLE_RESULT_KEYS)
        expect(() => SampleResultSchema.parse(l)).not.toThrow()
        expect(l).toMatchObject({ benchmark: key, error: null, category: 'agentic' })
      }
  })

  test('pinchbench: grade() on the workspace the agent left, the judge, the hybrid blend; two tasks not run', () => {
    const p = lines('pinchbench')
    expect(p['pinchbench-task_01_scaffold']).toMatchObject({ is_correct: true, score: 1, subject: 'file_ops', scoring_metadata: { grading_type: 'automated', breakdown: { notes_dir: 1, todo_heading: 1, config_valid: 1, used_write_tool: 1 } } })
    expect(p['pinchbench-task_03_digest']).toMatchObject({ is_correct: true, score: 0.92, scoring_metadata: { grading_type: 'llm_judge', judge_score: 0.92, judge_usage: { calls: 1 } } })
    // 0.4 · 1.0 + 0.6 · 0.1 = 0.46
    expect(p['pinchbench-task_04_sales']).toMatchObject({ is_correct: false, score: 0.46, scoring_metadata: { automated_score: 1, judge_score: 0.1, reason: 'below_threshold' } })
    expect(p['pinchbench-task_02_stock']).toMatchObject({ is_correct: null, model_answer: '', scoring_metadata: { reason: expect.stringMatching(/^needs_internet: /), skipped: true } })
    expect(p['pinchbench-task_05_recall'].scoring_metadata).toMatchObject({ reason: expect.stringMatching(/^multi_session: /) })
    const asked = chats().map((r) => firstUser(r.body!))
    expect(asked.some((q) => q.includes('fictional company') || q.includes('door code'))).toBe(false)
    const judged = chats().find((r) => r.body!.model === 'judge-model' && firstUser(r.body!).includes('Read `minutes.txt`'))!
    expect(firstUser(judged.body!)).toContain('Tool: write_file({"path":"digest.md","content":"Launch moves to May.')
    expect(summary('pinchbench')).toMatchObject({ total_samples: 5, scored_samples: 3, correct: 2 })
  })

  test('liveresearch with web tools over the corpus; a judge reply without scores is unscored', () => {
    const l = lines('liveresearch')
    expect(Object.keys(l).sort()).toEqual(['liveresearch-51', 'liveresearch-52'])
    // (7·0.3 + 6·0.35 + 8·0.2 + 7·0.15) / 1 = 6.85
    expect(l['liveresearch-51']).toMatchObject({ is_correct: true, score: 0.685, subject: 'Energy', scoring_metadata: { rubric: 'task_criteria', weighted_total_0_10: 6.85 } })
    const q = l['liveresearch-51'].scoring_metadata.query_trace as { tool_calls: { name: string }[] }
    expect(q.tool_calls.map((c) => c.name)).toEqual(['web_search'])
    const tool = chats().find((r) => firstUser(r.body!).includes('levelized cost') && conversationOf(r.body!).some((m) => m.role === 'tool'))!
    expect(String(conversationOf(tool.body!).find((m) => m.role === 'tool')!.content)).toContain('https://energy.example/lcoe-2024')
    expect(l['liveresearch-52']).toMatchObject({ is_correct: null, scoring_metadata: { reason: 'judge_unparseable', raw_judge_output: 'The report is decent overall.' } })
  })

  test('deepresearch: the alias, its own files, the same record ids', () => {
    const d = lines('deepresearch')
    // (3·0.25 + 2·0.35 + 4·0.25 + 5·0.15) = 3.2
    expect(d['liveresearch-7']).toMatchObject({ benchmark: 'deepresearch', backend: 'jarvis-direct', is_correct: false, score: 0.32, subject: 'Finance & Business' })
  })

  test('reparse-judge reads a stored reply again with the benchmark\'s rescorer', async () => {
    const file = join(out, 'liveresearch_test-model.jsonl')
    const text = readFileSync(file, 'utf8').replace('"raw_judge_output":"The report is decent overall."', '"raw_judge_output":"comprehensiveness: 6\\ninsight: 6\\ninstruction_following: 6\\nreadability: 6"')
    const edited = join(dir, 'edited.jsonl')
    writeFileSync(edited, text)
    const r = await runJarvis(['eval', 'reparse-judge', edited, '--out', join(dir, 'reparsed.jsonl')], { JARVIS_QUIET: '1' })
    expect(r.code, r.stderr).toBe(0)
    const fixed = readFileSync(join(dir, 'reparsed.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as SampleResult).find((l) => l.record_id === 'liveresearch-52')!
    expect(fixed).toMatchObject({ is_correct: true, score: 0.6 })
  })
})
