import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import type { Attempt } from '../../src/core/backend.ts'
import type { ChatMessage } from '../../src/core/messages.ts'
import { openEnvironment } from '../../src/environments/index.ts'
import { loadCtx, resultLine, scoreCtx, scriptedJudge } from '../../test/support/fixtures-wave1.ts'
import { REPO_ROOT } from '../../test/support/run-process.ts'
import { skipReason, workspace } from './benchmark.ts'
import { parseJudgeReply } from './judge.ts'
import { loadPinchBench } from './loader.ts'
import { rescorePinch, scorePinch } from './scorer.ts'
import { summarizeTranscript, toPinchTranscript } from './transcript.ts'
import { runGrade } from './grade.ts'

const FIXTURES = join(REPO_ROOT, 'test/fixtures/pinchbench')
const env = { PINCHBENCH_REPO_DIR: FIXTURES, PATH: process.env.PATH }
const records = await loadPinchBench(loadCtx(), env)
const byId = Object.fromEntries(records.map((r) => [r.metadata.task_id as string, r]))

/** An agent transcript: the prompt, tool calls with their results, a final reply. */
function agentRun(prompt: string, calls: { name: string; arguments: Record<string, unknown>; result: string }[], final: string): Attempt {
  const transcript: ChatMessage[] = [{ role: 'user', content: prompt }]
  calls.forEach((c, i) => {
    transcript.push({ role: 'assistant', content: '', toolCalls: [{ id: `c${i}`, name: c.name, arguments: c.arguments }] })
    transcript.push({ role: 'tool', toolCallId: `c${i}`, name: c.name, content: c.result })
  })
  transcript.push({ role: 'assistant', content: final })
  return { transcript, turns: [], stop: 'answer' } as unknown as Attempt
}

async function inWorkspace<T>(id: string, fn: (dir: string) => Promise<T>, write: Record<string, string> = {}): Promise<T> {
  const e = await openEnvironment({ ...workspace(byId[id]), files: [...(workspace(byId[id]).files ?? []), ...Object.entries(write).map(([path, content]) => ({ path, content }))] })
  try {
    return await fn(e.workDir)
  } finally {
    await e.close()
  }
}

describe('pinchbench tasks', () => {
  test('tasks/task_*.md of the snapshot, by id; the template is no task', () => {
    expect(records.map((r) => r.record_id)).toEqual(['pinchbench-task_01_scaffold', 'pinchbench-task_02_stock', 'pinchbench-task_03_digest', 'pinchbench-task_04_sales', 'pinchbench-task_05_recall'])
    expect(byId.task_01_scaffold).toMatchObject({
      problem: 'Set up a notes folder: create `notes/todo.md` with a markdown heading, and `config.json` containing `{"debug": false}`.',
      category: 'agentic',
      subject: 'file_ops',
      metadata: { name: 'Notes Scaffold', grading_type: 'automated', timeout_seconds: 120, grading_criteria: ['Directory `notes/` created', '`notes/todo.md` has a heading', '`config.json` is valid JSON with debug false', 'The agent used a file-writing tool'] },
    })
    expect(byId.task_01_scaffold.metadata.grade_code).toMatch(/^def grade\(transcript: list, workspace_path: str\) -> dict:/)
    expect(byId.task_04_sales.metadata).toMatchObject({ grading_type: 'hybrid', grading_weights: { automated: 0.4, llm_judge: 0.6 }, workspace_files: [{ source: 'sales.csv', dest: 'data/sales.csv' }] })
    expect(byId.task_03_digest.metadata.rubric).toMatch(/^### Criterion 1: Accuracy \(Weight: 60%\)/)
    expect(byId.task_05_recall).toMatchObject({ problem: 'Remember that the door code is 4182: save it to `memory/codes.md`.\n', metadata: { multi_session: true } })
  })

  test('splits as OpenJarvis: train 20%, test the rest', async () => {
    const train = await loadPinchBench(loadCtx({ split: 'train' }), env)
    const test_ = await loadPinchBench(loadCtx({ split: 'test' }), env)
    expect(train).toHaveLength(1)
    expect(test_).toHaveLength(4)
    expect([...train, ...test_].map((r) => r.record_id).sort()).toEqual(records.map((r) => r.record_id))
    await expect(loadPinchBench(loadCtx({ split: 'dev' }), env)).rejects.toThrow('pinchbench: split "dev" does not exist')
  })

  test('a workspace per task: inline files and assets', async () => {
    expect(await inWorkspace('task_04_sales', async (d) => (await import('node:fs')).readFileSync(join(d, 'data/sales.csv'), 'utf8'))).toContain('1003,North,1500')
    expect(await inWorkspace('task_03_digest', async (d) => (await import('node:fs')).readFileSync(join(d, 'minutes.txt'), 'utf8'))).toMatch(/^Weekly sync, 3 March\.\nDecision/)
  })

  test('tasks that need the live internet or several sessions are not run here, with why', () => {
    expect(skipReason(byId.task_02_stock, {})).toBe("needs_internet: today's AAPL stock price (set JARVIS_SEARXNG_URL and offer web_search/web_fetch to run it)")
    expect(skipReason(byId.task_02_stock, { JARVIS_SEARXNG_URL: 'http://127.0.0.1:8888' })).toBeNull()
    expect(skipReason(byId.task_05_recall, {})).toMatch(/^multi_session: /)
    expect(skipReason(byId.task_01_scaffold, {})).toBeNull()
  })
})

describe('transcripts, grade() and the judge', () => {
  const run = agentRun('Set up…', [
    { name: 'file_write', arguments: { path: 'notes/todo.md', content: '# Todo\n' }, result: 'wrote notes/todo.md (7 bytes)' },
    { name: 'file_read', arguments: { path: 'config.json' }, result: 'error: no such file' },
  ], 'Done.')

  test("OpenClaw's session shape, with the names and params the checks look for", () => {
    const t = toPinchTranscript(run.transcript)
    expect(t[1]).toEqual({ type: 'message', message: { role: 'assistant', content: [{ type: 'toolCall', id: 'c0', name: 'write_file', arguments: { path: 'notes/todo.md', content: '# Todo\n' }, params: { path: 'notes/todo.md', content: '# Todo\n' } }] } })
    expect(t[3].message.content[0]).toMatchObject({ name: 'read_file', params: { path: 'config.json', files: ['config.json'] } })
    expect(t[4]).toEqual({ type: 'message', message: { role: 'toolResult', content: [{ type: 'text', text: 'error: no such file' }] } })
    expect(summarizeTranscript(t)).toBe('User: Set up…\nTool: write_file({"path":"notes/todo.md","content":"# Todo\\n"})\nResult: wrote notes/todo.md (7 bytes)\nTool: read_file({"path":"config.json","files":["config.json"]})\nResult: error: no such file\nAssistant: Done.')
  })

  test('grade() runs in the sandbox on the workspace; a crash is reported, not scored', async () => {
    const code = String(byId.task_01_scaffold.metadata.grade_code)
    const g = await inWorkspace('task_01_scaffold', (d) => runGrade(code, toPinchTranscript(run.transcript), d), { 'notes/todo.md': '# Todo\n', 'config.json': '{"debug": true}' })
    expect(g).toEqual({ ok: true, scores: { notes_dir: 1, todo_heading: 1, config_valid: 0.5, used_write_tool: 1 } })
    const crash = await inWorkspace('task_01_scaffold', (d) => runGrade('def grade(t, w):\n    raise ValueError("boom")', [], d))
    expect(crash).toEqual({ ok: false, error: expect.stringContaining('ValueError: boom') })
    const net = await inWorkspace('task_01_scaffold', (d) => runGrade('def grade(t, w):\n    import socket\n    socket.create_connection(("127.0.0.1", 22), timeout=2)\n    return {"net": 1.0}', [], d))
    expect(net.ok).toBe(false) // no network in the sandbox, not even loopback
  })

  test("the judge's JSON: fenced, bare, nested scores, criteria_scores; prose total last", () => {
    expect(parseJudgeReply('{"scores": {"accuracy": 1.0, "concision": 0.5}, "total": 0.8, "notes": "ok"}')).toEqual({ total: 0.8, scores: { accuracy: 1, concision: 0.5 }, notes: 'ok' })
    expect(parseJudgeReply('```json\n{"scores": {"a": {"score": 0.4, "weight": 0.5}, "b": {"score": 0.6}}}\n```')).toMatchObject({ total: 0.5, scores: { a: 0.4, b: 0.6 } })
    expect(parseJudgeReply('Example: {"scores": {"criterion_name": 0.0}, "total": 0.0}\nMine: {"criteria_scores": {"x": 0.9}, "score": 0.9}')).toMatchObject({ total: 0.9 })
    expect(parseJudgeReply('Overall score: 0.65')).toMatchObject({ total: 0.65 })
    expect(parseJudgeReply('Looks fine to me.')).toBeNull()
  })
})

describe('pinchbench verdicts', () => {
  test('automated: the mean of the criteria, correct at ≥ 0.5', async () => {
    const r = byId.task_01_scaffold
    const s = await inWorkspace('task_01_scaffold', (d) => scorePinch(r, 'Done.', { ...scoreCtx(scriptedJudge([])), attempt: agentRun(r.problem, [{ name: 'file_write', arguments: { path: 'config.json', content: '{"debug": false}' }, result: 'ok' }], 'Done.'), environment: { kind: 'local', workDir: d, close: async () => {} } }), { 'config.json': '{"debug": false}' })
    expect(s).toMatchObject({ isCorrect: true, score: 0.5, metadata: { grading_type: 'automated', automated_score: 0.5, breakdown: { notes_dir: 0, todo_heading: 0, config_valid: 1, used_write_tool: 1 } } })
  })

  test('llm_judge: the total; an unreadable judge reply is unscored and reparse-judge recovers it', async () => {
    const r = byId.task_03_digest
    const judge = scriptedJudge(['{"scores": {"accuracy": 1.0, "concision": 1.0}, "total": 0.9, "notes": "all three"}', 'no json here'])
    const ok = await scorePinch(r, 'Written.', { ...scoreCtx(judge), attempt: agentRun(r.problem, [], 'Launch May; Priya; free tier?') })
    expect(ok).toMatchObject({ isCorrect: true, score: 0.9, metadata: { judge_score: 0.9, judge_breakdown: { accuracy: 1, concision: 1 }, judge_usage: { calls: 1 } } })
    const prompt = judge.calls[0][0].content
    expect(prompt).toMatch(/^You are a grading function\. Your ONLY job is to output a single JSON object\./)
    expect(prompt).toContain('## Agent Transcript (summarized)\nUser: Read `minutes.txt`')
    expect(prompt).toContain('## Grading Rubric\n### Criterion 1: Accuracy (Weight: 60%)')
    const bad = await scorePinch(r, 'Written.', { ...scoreCtx(judge), attempt: agentRun(r.problem, [], 'x') })
    expect(bad).toMatchObject({ isCorrect: null, reason: 'judge_unparseable', metadata: { raw_judge_output: 'no json here' } })
    const line = resultLine('pinchbench', r, 'x', bad)
    expect(rescorePinch({ ...line, scoring_metadata: { ...line.scoring_metadata, raw_judge_output: '{"total": 0.3}' } })).toMatchObject({ isCorrect: false, score: 0.3 })
  })

  test('hybrid: 0.4 × automated + 0.6 × judge; without a judge it is unscored', async () => {
    const r = byId.task_04_sales
    const attempt = agentRun(r.problem, [], 'Report written.')
    const s = await inWorkspace('task_04_sales', (d) => scorePinch(r, 'x', { ...scoreCtx(scriptedJudge(['{"scores": {"clarity": 0.5}, "total": 0.5}'])), attempt, environment: { kind: 'local', workDir: d, close: async () => {} } }), { 'report.md': 'Total revenue: 4,350. Best region: South.' })
    // automated 2/3, judge 0.5 → 0.4·0.6667 + 0.6·0.5 = 0.5667
    expect(s).toMatchObject({ isCorrect: true, score: 0.5667, metadata: { automated_score: 0.6667, judge_score: 0.5, grading_weights: { automated: 0.4, llm_judge: 0.6 } } })
    const line = resultLine('pinchbench', r, 'x', s)
    expect(rescorePinch({ ...line, scoring_metadata: { ...line.scoring_metadata, raw_judge_output: '{"total": 0.0}' } })).toMatchObject({ isCorrect: false, score: 0.2667 })
    const none = await inWorkspace('task_04_sales', (d) => scorePinch(r, 'x', { ...scoreCtx(scriptedJudge([], { available: false })), attempt, environment: { kind: 'local', workDir: d, close: async () => {} } }))
    expect(none).toMatchObject({ isCorrect: null, reason: 'judge_unavailable', metadata: { automated_score: 0 } })
  })
})
