import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { RunSummarySchema, SAMPLE_RESULT_KEYS, SampleResultSchema, type SampleResult } from '../../src/core/sample-result.ts'
import { runJarvis, type ProcessResult } from '../support/run-process.ts'
import { CASES, casesOf, WAVE1_KEYS, type Case, type Wave1Key } from './fixtures/wave1/cases.ts'
import { HF_TOKEN, startWave1World, type Wave1World } from './fixtures/wave1/world.ts'

// End to end for the ten wave-1 benchmarks: one `jarvis eval run -c` over a suite with all of them, the real
// @huggingface/hub client against a fake Hub serving parquet shaped like the real datasets (two gated), the
// real openai client against one scripted server that plays the model and the judge, the real sandbox for
// code. Every JSONL line is checked against the scripted verdict of its sample (fixtures/wave1/cases.ts).

/** The spec's categories (coding_task is a use case: evals/registry.ts). */
const CATEGORY: Record<Wave1Key, string> = {
  math500: 'reasoning', 'natural-reasoning': 'reasoning', hle: 'reasoning', liveresearchbench: 'reasoning',
  simpleqa: 'chat', ipw: 'chat', wildchat: 'chat', frames: 'rag', livecodebench: 'coding', coding_task: 'use-case',
}
const CODE = new Set<Wave1Key>(['livecodebench', 'coding_task'])

let dir: string
let world: Wave1World
let run: ProcessResult

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jarvis-wave1-e2e-'))
  world = await startWave1World(dir)
  run = await runJarvis(['eval', 'run', '-c', world.suite], world.env, 240_000)
}, 260_000)

afterAll(async () => {
  await world?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const readLines = (path: string): SampleResult[] => readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l))

const round4 = (x: number) => Math.round(x * 1e4) / 1e4

function expectedSummary(cases: Case[]) {
  const scored = cases.filter((c) => c.expect !== null)
  const correct = scored.filter((c) => c.expect).length
  const per: Record<string, { accuracy: number; total: number; scored: number; correct: number }> = {}
  for (const c of cases) {
    const p = (per[c.subject] ??= { accuracy: 0, total: 0, scored: 0, correct: 0 })
    p.total++
    if (c.expect !== null) p.scored++
    if (c.expect) p.correct++
  }
  for (const p of Object.values(per)) p.accuracy = p.scored ? round4(p.correct / p.scored) : 0
  const unscored: Record<string, number> = {}
  for (const c of cases) if (c.expect === null) unscored[c.reason!] = (unscored[c.reason!] ?? 0) + 1
  return { scored: scored.length, correct, accuracy: scored.length ? round4(correct / scored.length) : 0, per, unscored }
}

/** The judge text a line must keep: the structured/checklist reply, or both pairwise replies. */
function checkJudgeEvidence(l: SampleResult, c: Case) {
  type Pairwise = { raw_judge_output: string | null }
  const m = l.scoring_metadata as { judge_usage?: { calls: number; prompt_tokens: number; completion_tokens: number }; raw_judge_output?: string; generated_as_a?: Pairwise; generated_as_b?: Pairwise }
  if (!c.judge) {
    expect(m.judge_usage, `${c.id} must not ask the judge`).toBeUndefined()
    return
  }
  expect(m.judge_usage).toMatchObject({ calls: c.judge.length })
  expect(m.judge_usage!.prompt_tokens).toBeGreaterThan(0)
  expect(m.judge_usage!.completion_tokens).toBeGreaterThan(0)
  if (c.bench === 'wildchat') {
    expect(m.generated_as_a?.raw_judge_output).toBe(c.judge[0])
    expect(m.generated_as_b?.raw_judge_output).toBe(c.judge[1])
  } else {
    expect(m.raw_judge_output).toBe(c.judge[0])
  }
}

describe('jarvis eval run -c over the ten wave-1 benchmarks', () => {
  test('exits 0, prints a row per benchmark, and asks the judge exactly the scripted times', () => {
    expect(run.stderr).not.toMatch(/internal error/)
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(run.stdout).toContain('Matrix: 1 model(s) x 10 benchmark(s) = 10 run(s)')
    for (const key of WAVE1_KEYS) expect(run.stdout).toMatch(new RegExp(`│ ${key} +│ test-model`))
    // every judge request belonged to a scripted sample, and each was asked for once
    expect(world.judgeLog.filter((b) => b === 'unknown')).toEqual([])
    const judgeChats = world.api.requests.filter((r) => r.path === '/v1/chat/completions' && r.body?.model === 'judge-model')
    expect(judgeChats).toHaveLength(CASES.reduce((n, c) => n + (c.judge?.length ?? 0), 0))
  })

  test('downloads the gated datasets with the token, and never writes the token anywhere', () => {
    for (const repo of ['cais/hle', 'Salesforce/LiveResearchBench']) {
      const downloads = world.hub.requests.filter((r) => r.path.startsWith(`/datasets/${repo}/resolve/`))
      expect(downloads.length, repo).toBeGreaterThan(0)
      expect(downloads.every((r) => r.auth)).toBe(true)
    }
    for (const key of WAVE1_KEYS) {
      expect(readFileSync(world.out(key), 'utf8')).not.toContain(HF_TOKEN)
      expect(readFileSync(`${world.out(key)}.summary.json`, 'utf8')).not.toContain(HF_TOKEN)
    }
    expect(run.stdout + run.stderr).not.toContain(HF_TOKEN)
  })

  describe.each(WAVE1_KEYS)('%s', (key) => {
    const cases = casesOf(key)

    test('writes one spec-shaped line per sample, with a stable id and the scripted verdict', () => {
      const lines = readLines(world.out(key))
      expect(lines).toHaveLength(cases.length)
      expect(lines.map((l) => l.record_id).sort()).toEqual(cases.map((c) => c.id).sort())
      for (const l of lines) {
        const c = cases.find((x) => x.id === l.record_id)!
        const m = l.scoring_metadata as Record<string, unknown>
        expect(Object.keys(l)).toEqual(SAMPLE_RESULT_KEYS)
        expect(() => SampleResultSchema.parse(l)).not.toThrow()
        expect(l).toMatchObject({ benchmark: key, model: 'test-model', backend: 'jarvis-direct', error: null, subject: c.subject, category: CATEGORY[key] })
        expect(l.model_answer).toBe(c.answer)
        expect(l.is_correct, `${c.id}: ${JSON.stringify(m)}`).toBe(c.expect)
        if (c.score !== undefined) expect(l.score).toBeCloseTo(c.score, 6)
        else if (c.expect === null) expect(l.score).toBeNull()
        else if (CODE.has(key) && !c.expect) expect(l.score).toBeLessThan(1)
        else expect(l.score).toBe(c.expect ? 1 : 0)
        if (c.reason) expect(m.reason).toBe(c.reason)
        else if (c.expect !== null) expect(m.reason).toBeUndefined()
        if (c.meta) expect(m).toMatchObject(c.meta)
        checkJudgeEvidence(l, c)
        expect(l.prompt_tokens).toBeGreaterThan(0)
        expect(l.latency_seconds).toBeGreaterThan(0)
      }
    })

    test('summary: category and per_subject keys of the spec, judge.calls = judge requests the server got', () => {
      const s = RunSummarySchema.parse(JSON.parse(readFileSync(`${world.out(key)}.summary.json`, 'utf8')))
      const want = expectedSummary(cases)
      expect(s).toMatchObject({
        benchmark: key, category: CATEGORY[key], model: 'test-model', backend: 'jarvis-direct',
        total_samples: cases.length, scored_samples: want.scored, correct: want.correct, accuracy: want.accuracy, errors: 0,
      })
      expect(s.per_subject).toEqual(want.per)
      expect(s.unscored_reasons).toEqual(want.unscored)
      const received = world.judgeLog.filter((b) => b === key).length
      expect(s.judge.calls).toBe(received)
      expect(received).toBe(cases.reduce((n, c) => n + (c.judge?.length ?? 0), 0))
      if (received > 0) expect(s.judge.prompt_tokens).toBeGreaterThan(0)
    })
  })
})

describe('jarvis eval list', () => {
  test('marks the ten wave-1 keys ready', async () => {
    const res = await runJarvis(['eval', 'list', '--json'], { JARVIS_QUIET: '1' })
    expect(res.code, res.stderr).toBe(0)
    const list = JSON.parse(res.stdout) as { key: string; status: string }[]
    expect(Object.fromEntries(WAVE1_KEYS.map((k) => [k, list.find((b) => b.key === k)?.status]))).toEqual(Object.fromEntries(WAVE1_KEYS.map((k) => [k, 'ready'])))
  })
})

// reparse-judge re-reads stored judge text: no model, no judge, no Hub. The "before" file is the frames run as
// a stricter parser (one that reads only `correct:` lines) would have stored it: frames-3's labelled
// "Verdict: CORRECT" unscored. The current parser reads that line, so the reparse must turn it into true.
describe('jarvis eval reparse-judge FILE --in-place, offline with every server stopped', () => {
  let tripwire: net.Server
  let connections = 0
  let offline: Record<string, string>

  beforeAll(async () => {
    await world.close()
    // listens where a stray request would go; nothing may connect
    tripwire = net.createServer((s) => (connections++, s.destroy()))
    await new Promise<void>((ok) => tripwire.listen(0, '127.0.0.1', ok))
    const url = `http://127.0.0.1:${(tripwire.address() as net.AddressInfo).port}`
    offline = { HF_HUB_OFFLINE: '1', HF_ENDPOINT: url, HF_HOME: join(dir, 'hf'), OPENAI_BASE_URL: `${url}/v1`, JARVIS_BACKEND_BASE_URL: `${url}/v1`, JARVIS_QUIET: '1' }
  })
  afterAll(() => new Promise<void>((ok) => (tripwire ? tripwire.close(() => ok()) : ok())))

  const PATCHED = 'frames-3'
  const SUBJECT = 'Multiple constraints | Post processing'

  function writeBefore(file: string): string {
    const lines = readLines(world.out('frames')).map((l) =>
      l.record_id === PATCHED ? { ...l, is_correct: null, score: null, scoring_metadata: { ...l.scoring_metadata, verdict_via: null, reason: 'judge_unparseable' } } : l,
    )
    const text = lines.map((l) => `${JSON.stringify(l)}\n`).join('')
    writeFileSync(file, text)
    // the run's summary, as that stricter run would have written it
    const s = JSON.parse(readFileSync(`${world.out('frames')}.summary.json`, 'utf8'))
    s.scored_samples -= 1
    s.correct -= 1
    s.accuracy = round4(s.correct / s.scored_samples)
    s.per_subject[SUBJECT] = { accuracy: 0, total: 1, scored: 0, correct: 0 }
    s.unscored_reasons.judge_unparseable += 1
    s.output_path = file
    writeFileSync(`${file}.summary.json`, `${JSON.stringify(s, null, 2)}\n`)
    return text
  }

  test('turns the verdict the current parser reads into true, keeps the unreadable one null, rewrites the summary, keeps a .bak', async () => {
    mkdirSync(join(dir, 'reparse'))
    const file = join(dir, 'reparse', 'frames_test-model.jsonl')
    const before = writeBefore(file)
    const r1 = await runJarvis(['eval', 'reparse-judge', file, '--in-place'], offline)
    expect(r1.code, r1.stderr).toBe(0)
    expect(r1.stdout.replaceAll(file, 'FILE')).toMatchInlineSnapshot(`
      "Input:   FILE
      Output:  FILE (original kept as FILE.bak)
      Summary: FILE.summary.json
      4 records re-scored, accuracy 0.5000 → 0.6667
      1 verdicts changed; 1 records unscored
      "
    `)
    expect(readFileSync(`${file}.bak`, 'utf8')).toBe(before)

    const after = readLines(file)
    const byId = Object.fromEntries(after.map((l) => [l.record_id, l]))
    expect(byId[PATCHED]).toMatchObject({ is_correct: true, score: 1 })
    expect(byId[PATCHED].scoring_metadata).toMatchObject({ verdict_via: 'verdict_line', raw_judge_output: casesOf('frames').find((c) => c.id === PATCHED)!.judge![0] })
    expect(byId[PATCHED].scoring_metadata.reason).toBeUndefined()
    expect(byId['frames-2']).toMatchObject({ is_correct: null, score: null, scoring_metadata: { reason: 'judge_unparseable', raw_judge_output: 'Grade: B+ (the gist is right)' } })
    // re-read with the parser the run used, every line is what the run wrote
    expect(after).toEqual(readLines(world.out('frames')))

    const s = RunSummarySchema.parse(JSON.parse(readFileSync(`${file}.summary.json`, 'utf8')))
    expect(s).toMatchObject({ benchmark: 'frames', category: 'rag', total_samples: 4, scored_samples: 3, correct: 2, accuracy: 0.6667, unscored_reasons: { judge_unparseable: 1 } })
    expect(s.per_subject[SUBJECT]).toEqual({ accuracy: 1, total: 1, scored: 1, correct: 1 })
    expect(s.judge.calls).toBe(4) // the calls the run made; reparse makes none

    // a second reparse changes nothing and keeps the first .bak
    const text = readFileSync(file, 'utf8')
    const summary = readFileSync(`${file}.summary.json`, 'utf8')
    const r2 = await runJarvis(['eval', 'reparse-judge', file, '--in-place'], offline)
    expect(r2.code, r2.stderr).toBe(0)
    expect(r2.stdout).toContain('4 records re-scored, accuracy 0.6667 → 0.6667\n0 verdicts changed; 1 records unscored')
    expect(readFileSync(file, 'utf8')).toBe(text)
    expect(readFileSync(`${file}.summary.json`, 'utf8')).toBe(summary)
    expect(readFileSync(`${file}.bak`, 'utf8')).toBe(before)
    expect(connections).toBe(0)
  })

  test('re-reading every judged line of the run changes no verdict; code lines are left as they were', async () => {
    const merged = join(dir, 'reparse', 'all.jsonl')
    writeFileSync(merged, WAVE1_KEYS.map((k) => readFileSync(world.out(k), 'utf8')).join(''))
    const res = await runJarvis(['eval', 'reparse-judge', merged, '--out', join(dir, 'reparse', 'all.reparsed.jsonl')], offline)
    expect(res.code, res.stderr).toBe(0)
    const judged = CASES.filter((c) => c.judge).length
    const code = casesOf('livecodebench').length + casesOf('coding_task').length
    expect(res.stdout).toContain(`${judged} records re-scored`)
    expect(res.stdout).toContain(`0 verdicts changed; ${CASES.filter((c) => c.expect === null).length} records unscored; ${code} records of benchmarks without stored judge replies left as they were`)
    expect(readLines(join(dir, 'reparse', 'all.reparsed.jsonl'))).toEqual(readLines(merged))
    expect(existsSync(`${merged}.bak`)).toBe(false)
    expect(connections).toBe(0)
  })
})
