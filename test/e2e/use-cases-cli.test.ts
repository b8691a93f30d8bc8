import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { checklistItems as browserItems } from '../../evals/browser_assistant/prompt.ts'
import { checklistItems as digestItems } from '../../evals/daily_digest/prompt.ts'
import { checklistItems as docQaItems } from '../../evals/doc_qa/prompt.ts'
import { checklistItems as securityItems } from '../../evals/security_scanner/prompt.ts'
import type { Vulnerability } from '../../evals/security_scanner/loader.ts'
import { RunSummarySchema, SAMPLE_RESULT_KEYS, SampleResultSchema, type SampleResult } from '../../src/core/sample-result.ts'
import { runJarvis, type ProcessResult } from '../support/run-process.ts'
import { judgeReply, USE_CASE_KEYS, type UseCaseKey } from '../support/use-case-answers.ts'
import type { UcCase } from './fixtures/use-cases/cases.ts'
import { JUDGE, PRICES, startUseCaseWorld, type UseCaseWorld } from './fixtures/use-cases/world.ts'

// End to end for the nine synthetic use-case benchmarks: one `jarvis eval run -c` over all of them, the real
// openai client against one scripted server that plays the model and the judge (both on the priced cloud
// engine), the real sandbox for coding_assistant. Per benchmark: a perfect answer built from the reference
// passes, a poor one fails, an unparseable judge reply is null with its text kept. A second run with no
// reachable judge scores two benchmarks by their heuristics and says so.

let dir: string
let world: UseCaseWorld
let run: ProcessResult
let heuristic: ProcessResult

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jarvis-usecases-e2e-'))
  world = await startUseCaseWorld(dir)
  run = await runJarvis(['eval', 'run', '-c', world.suite], { JARVIS_QUIET: '1' }, 300_000)
  heuristic = await runJarvis(['eval', 'run', '-c', world.heuristicSuite], { JARVIS_QUIET: '1' }, 120_000)
}, 440_000)

afterAll(async () => {
  await world?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const readLines = (path: string): SampleResult[] => readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l))
const cost = (p: { input: number; output: number }, pt: number, ct: number) => (pt * p.input + ct * p.output) / 1e6
const CONTINUOUS = new Set<UseCaseKey>(['coding_assistant', 'security_scanner', 'daily_digest', 'doc_qa', 'browser_assistant'])

/** What the judge prompt of a case must carry: its checklist items, or its rubric's named fields. */
function mustCarry(c: UcCase): string[] {
  const m = c.record.metadata as Record<string, any>
  switch (c.key) {
    case 'security_scanner':
      return securityItems(m.vulnerabilities as Vulnerability[]).map((item, i) => `${i + 1}. ${item}`)
    case 'daily_digest':
      return digestItems({ priority_order: m.priority_order }).map((item, i) => `${i + 1}. ${item}`)
    case 'doc_qa':
      return docQaItems(m.question).map((item, i) => `${i + 1}. ${item}`)
    case 'browser_assistant':
      return browserItems(m.semantic_facts).map((item, i) => `${i + 1}. ${item}`)
    case 'morning_brief':
      return [`Key priorities:\n${c.record.reference}`, 'key_priorities_covered: <yes|partial|no>', 'overall_correct: <yes or no>']
    case 'research_mining':
      return [...(m.key_facts as string[]).map((f) => `- ${f}`), 'accuracy: <1-5>', 'overall_correct: <yes or no>']
    case 'email_triage':
      return [`Reference classification:\n${c.record.reference}`, 'urgency_correct: <yes or no>', 'draft_quality: <good|acceptable|poor>']
    case 'knowledge_base':
      return [`Reference answer: ${c.record.reference}`, 'completeness: <complete|partial|missing>']
    default:
      return []
  }
}

describe('jarvis eval run -c over the nine use-case benchmarks', () => {
  test('exits 0, prints a row per benchmark, and asks the judge exactly once per judged case', () => {
    expect(run.stderr).not.toMatch(/internal error|no price known/)
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(run.stdout).toContain('Matrix: 1 model(s) x 9 benchmark(s) = 9 run(s)')
    for (const key of USE_CASE_KEYS) expect(run.stdout).toMatch(new RegExp(`│ ${key} +│ gpt-5-mini`))
    const asked = world.judgeLog.filter((c) => c !== 'unknown')
    expect(world.judgeLog.filter((c) => c === 'unknown')).toEqual([])
    expect(asked).toHaveLength(world.cases.filter((c) => c.judge).length)
    expect(new Set(asked).size).toBe(asked.length)
  })

  describe.each(USE_CASE_KEYS)('%s', (key) => {
    const cases = () => world.cases.filter((c) => c.key === key)

    test('perfect passes, poor fails, an unparseable judge reply is null with its text kept; lines are spec-shaped and priced', () => {
      const lines = readLines(world.out(key))
      expect(lines.map((l) => l.record_id).sort()).toEqual(cases().map((c) => c.record.record_id).sort())
      for (const l of lines) {
        const c = cases().find((x) => x.record.record_id === l.record_id)!
        const m = l.scoring_metadata as Record<string, any>
        expect(Object.keys(l)).toEqual(SAMPLE_RESULT_KEYS)
        expect(() => SampleResultSchema.parse(l)).not.toThrow()
        expect(l).toMatchObject({ benchmark: key, model: 'gpt-5-mini', error: null, category: 'use-case', subject: c.record.subject, model_answer: c.answer })
        expect(l.is_correct, `${c.kind}: ${JSON.stringify(m).slice(0, 800)}`).toBe(c.expect)
        if (c.reason) expect(m.reason).toBe(c.reason)
        if (c.expect === true) expect(l.score).toBe(1)
        else if (c.expect === false) expect(l.score).toBeLessThan(CONTINUOUS.has(key) ? 0.7 : 1e-9)
        else expect(l.score).toBeNull()
        if (c.kind === 'unparseable') expect(m.raw_judge_output).toBe(c.judge)
        // inference and judge cost from the suite's [pricing]
        expect(l.cost_usd).toBeCloseTo(cost(PRICES['gpt-5-mini'], l.prompt_tokens, l.completion_tokens), 12)
        if (c.judge) {
          expect(m.judge_usage.calls).toBe(1)
          expect(m.judge_usage.cost_usd).toBeCloseTo(cost(PRICES[JUDGE], m.judge_usage.prompt_tokens, m.judge_usage.completion_tokens), 12)
        } else expect(m.judge_usage).toBeUndefined()
        expect(m.judge).toBeUndefined() // never the heuristic while a judge answers
      }
    })

    test('the judge prompts carry the checklist (or the rubric fields) of their record', () => {
      for (const c of cases().filter((x) => x.judge)) {
        const prompt = world.judgePrompts.get(c)!
        for (const part of mustCarry(c)) expect(prompt, `${c.record.record_id}`).toContain(part)
      }
    })

    test('summary: scored and correct as scripted, unscored reasons, inference and judge cost summed', () => {
      const s = RunSummarySchema.parse(JSON.parse(readFileSync(`${world.out(key)}.summary.json`, 'utf8')))
      const lines = readLines(world.out(key))
      const scored = cases().filter((c) => c.expect !== null)
      expect(s).toMatchObject({ benchmark: key, category: 'use-case', total_samples: 3, scored_samples: scored.length, correct: 1, errors: 0 })
      expect(s.unscored_reasons).toEqual(key === 'coding_assistant' ? {} : { judge_unparseable: 1 })
      expect(s.total_cost_usd).toBeCloseTo(lines.reduce((a, l) => a + l.cost_usd, 0), 5)
      expect(s.total_cost_usd).toBeGreaterThan(0)
      const judged = cases().filter((c) => c.judge).length
      expect(s.judge.calls).toBe(judged)
      expect(s.judge.cost_usd).toBeCloseTo(lines.reduce((a, l) => a + ((l.scoring_metadata.judge_usage as { cost_usd?: number })?.cost_usd ?? 0), 0), 5)
      if (judged) expect(s.judge.cost_usd).toBeGreaterThan(0)
      expect(s.judge.heuristic_samples).toBe(0)
    })
  })
})

describe('jarvis eval reparse-judge over the use-case results, offline', () => {
  test('re-reading every line changes nothing; a stored reply fixed by hand turns the unparseable sample into a verdict', async () => {
    const merged = join(dir, 'all-use-cases.jsonl')
    writeFileSync(merged, USE_CASE_KEYS.map((k) => readFileSync(world.out(k), 'utf8')).join(''))
    const same = await runJarvis(['eval', 'reparse-judge', merged, '--out', join(dir, 'all-reparsed.jsonl')], { JARVIS_QUIET: '1' })
    expect(same.code, same.stderr).toBe(0)
    expect(same.stdout).toContain('0 verdicts changed')
    expect(readLines(join(dir, 'all-reparsed.jsonl'))).toEqual(readLines(merged))

    const file = join(dir, 'digest-fixed.jsonl')
    const c = world.cases.find((x) => x.key === 'daily_digest' && x.kind === 'unparseable')!
    const lines = readLines(world.out('daily_digest')).map((l) => (l.record_id === c.record.record_id ? { ...l, scoring_metadata: { ...l.scoring_metadata, raw_judge_output: judgeReply('daily_digest', 'pass', c.record) } } : l))
    writeFileSync(file, lines.map((l) => `${JSON.stringify(l)}\n`).join(''))
    const fixed = await runJarvis(['eval', 'reparse-judge', file, '--in-place'], { JARVIS_QUIET: '1' })
    expect(fixed.code, fixed.stderr).toBe(0)
    const line = readLines(file).find((l) => l.record_id === c.record.record_id)!
    expect(line).toMatchObject({ is_correct: true, score: 1, scoring_metadata: { components: { phrase: 1, ordering: 1, checklist: 1 } } })
    expect(line.scoring_metadata.reason).toBeUndefined()
    expect(RunSummarySchema.parse(JSON.parse(readFileSync(`${file}.summary.json`, 'utf8')))).toMatchObject({ scored_samples: 3, correct: 2, unscored_reasons: {} })
  })
})

describe('jarvis eval run with no reachable judge', () => {
  test('warns in one line that the heuristics score both benchmarks, and calls no judge', () => {
    expect(heuristic.code, heuristic.stdout + heuristic.stderr).toBe(0)
    expect(heuristic.stderr).toMatch(/warning: judge gpt-5-mini unavailable \(.*OPENAI_API_KEY.*\); daily_digest, morning_brief are scored by their keyword heuristics instead/)
    expect(heuristic.stderr.match(/warning: judge/g)).toHaveLength(1)
    const judgeLike = world.api.requests.filter((r) => r.body?.model === 'gpt-5-mini' && /Check an AI response|key_priorities_covered/.test(JSON.stringify(r.body.messages)))
    expect(judgeLike).toEqual([])
  })

  test.each(['daily_digest', 'morning_brief'])('%s: every line is marked judge "heuristic", and the summary counts them', (key) => {
    const lines = readLines(world.out(key, 'heuristic'))
    expect(lines).toHaveLength(2)
    for (const l of lines) {
      const c = world.heuristicCases.find((x) => x.record.record_id === l.record_id)!
      expect(l.scoring_metadata).toMatchObject({ judge: 'heuristic', judge_unavailable: expect.stringContaining('OPENAI_API_KEY') })
      expect(l.is_correct).toBe(c.expect)
    }
    const s = RunSummarySchema.parse(JSON.parse(readFileSync(`${world.out(key, 'heuristic')}.summary.json`, 'utf8')))
    expect(s).toMatchObject({ scored_samples: 2, correct: 1, judge: { calls: 0, heuristic_samples: 2 } })
  })
})

describe('jarvis eval list', () => {
  test('marks all ten use-case keys ready', async () => {
    const res = await runJarvis(['eval', 'list', '--json'], { JARVIS_QUIET: '1' })
    expect(res.code, res.stderr).toBe(0)
    const list = JSON.parse(res.stdout) as { key: string; category: string; status: string }[]
    const useCases = list.filter((b) => b.category === 'use-case')
    expect(useCases.map((b) => b.key).sort()).toEqual([...USE_CASE_KEYS, 'coding_task'].sort())
    expect(useCases.every((b) => b.status === 'ready')).toBe(true)
  })
})
