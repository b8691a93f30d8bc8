import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, test } from 'vitest'
import { readAllResults, readResults } from '../../src/results/read-results.ts'
import { SAMPLE_RESULT_KEYS, SampleResultSchema } from '../../src/core/sample-result.ts'
import { JsonlAppender, moveAside, serializeResult, writeFileAtomic } from '../../src/results/write.ts'
import { JarvisError } from '../../src/core/errors.ts'
import { sampleResult } from './sample-result.ts'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'jarvis-results-'))
})

// The spec's JSONL table, in its order.
const SPEC_KEYS = [
  'record_id', 'benchmark', 'model', 'backend', 'model_answer', 'is_correct', 'score', 'latency_seconds', 'prompt_tokens',
  'completion_tokens', 'cost_usd', 'error', 'scoring_metadata', 'ttft', 'energy_joules', 'power_watts', 'gpu_utilization_pct',
  'throughput_tok_per_sec', 'mfu_pct', 'mbu_pct', 'ipw', 'ipj',
]

describe('serializeResult', () => {
  test("SAMPLE_RESULT_KEYS starts with the spec's 22 keys in the spec's order", () => {
    expect(SAMPLE_RESULT_KEYS.slice(0, 22)).toEqual(SPEC_KEYS)
  })

  test('writes keys in SAMPLE_RESULT_KEYS order whatever order the object has, one line', () => {
    const r = sampleResult({ record_id: 'supergpqa-42' })
    const shuffled = Object.fromEntries(Object.entries(r).reverse()) as typeof r
    const line = serializeResult(shuffled)
    expect(line.endsWith('\n')).toBe(true)
    expect(line.slice(0, -1)).not.toContain('\n')
    expect(Object.keys(JSON.parse(line))).toEqual(SAMPLE_RESULT_KEYS)
    expect(JSON.parse(line)).toEqual(r)
    expect(() => SampleResultSchema.parse(JSON.parse(line))).not.toThrow()
  })

  test('keeps null verdicts and errors as null, and escapes newlines in answers', () => {
    const r = sampleResult({ record_id: 'x', is_correct: null, score: null, error: 'timeout: aborted', model_answer: 'line 1\nline 2' })
    const back = JSON.parse(serializeResult(r))
    expect(back).toMatchObject({ is_correct: null, score: null, error: 'timeout: aborted', model_answer: 'line 1\nline 2' })
  })

  test('extra keys an object carries are not written', () => {
    const r = { ...sampleResult({ record_id: 'x' }), secret_extra: 'no' }
    expect(serializeResult(r)).not.toContain('secret_extra')
  })
})

describe('readResults', () => {
  const lines = [sampleResult({ record_id: 'supergpqa-1' }), sampleResult({ record_id: 'supergpqa-2', is_correct: false, score: 0 })]

  test('yields each result; blank lines are ignored', async () => {
    const p = join(dir, 'a.jsonl')
    writeFileSync(p, `${serializeResult(lines[0])}\n\n${serializeResult(lines[1])}`)
    const issues: unknown[] = []
    expect(await readAllResults(p, (i) => issues.push(i))).toEqual(lines)
    expect(issues).toEqual([])
  })

  test('a torn last line (a crash mid-write) is skipped and reported with its line number', async () => {
    const p = join(dir, 'torn.jsonl')
    writeFileSync(p, serializeResult(lines[0]) + serializeResult(lines[1]) + serializeResult(sampleResult({ record_id: 'supergpqa-3' })).slice(0, 57))
    const issues: { line: number; reason: string }[] = []
    const got = await readAllResults(p, (i) => issues.push(i))
    expect(got.map((g) => g.record_id)).toEqual(['supergpqa-1', 'supergpqa-2'])
    expect(issues).toEqual([{ line: 3, reason: 'not valid JSON (torn or corrupt line); skipped' }])
  })

  test('a line that is JSON but not a result is skipped and reported', async () => {
    const p = join(dir, 'odd.jsonl')
    writeFileSync(p, `[1,2]\n{"foo":1}\nnull\n${serializeResult(lines[0])}`)
    const issues: { line: number; reason: string }[] = []
    const got = await readAllResults(p, (i) => issues.push(i))
    expect(got).toHaveLength(1)
    expect(issues.map((i) => i.line)).toEqual([1, 2, 3])
    expect(issues[0].reason).toBe('not a sample result (no record_id); skipped')
  })

  test('CRLF line endings are read', async () => {
    const p = join(dir, 'crlf.jsonl')
    writeFileSync(p, lines.map((l) => serializeResult(l).replace('\n', '\r\n')).join(''))
    expect((await readAllResults(p)).map((l) => l.record_id)).toEqual(['supergpqa-1', 'supergpqa-2'])
  })

  test('an empty file yields nothing', async () => {
    const p = join(dir, 'empty.jsonl')
    writeFileSync(p, '')
    expect(await readAllResults(p)).toEqual([])
  })

  test('a missing file is JARVIS_RESULTS with the path', async () => {
    const p = join(dir, 'nope.jsonl')
    const it = readResults(p)
    await expect(it.next()).rejects.toBeInstanceOf(JarvisError)
    await expect(readAllResults(p)).rejects.toMatchObject({ code: 'JARVIS_RESULTS', message: `${p}: no such results file. Check the path, or run jarvis eval run first.` })
  })
})

describe('writeFileAtomic', () => {
  test('creates missing folders, writes the data and leaves no temp file', () => {
    const p = join(dir, 'deep', 'er', 'x.summary.json')
    writeFileAtomic(p, '{"a":1}')
    expect(readFileSync(p, 'utf8')).toBe('{"a":1}')
    expect(readdirSync(join(dir, 'deep', 'er'))).toEqual(['x.summary.json'])
  })

  test('replaces an existing file whole', () => {
    const p = join(dir, 's.json')
    writeFileSync(p, 'x'.repeat(10_000))
    writeFileAtomic(p, 'short')
    expect(readFileSync(p, 'utf8')).toBe('short')
    expect(readdirSync(dir)).toEqual(['s.json'])
  })
})

describe('moveAside', () => {
  test('nothing to move: a missing or empty file → null, left in place', () => {
    expect(moveAside(join(dir, 'none.jsonl'))).toBeNull()
    const empty = join(dir, 'empty.jsonl')
    writeFileSync(empty, '')
    expect(moveAside(empty)).toBeNull()
    expect(existsSync(empty)).toBe(true)
  })

  test('moves a previous run (and its summary) to .prev-<stamp>, never overwriting an earlier one', () => {
    const p = join(dir, 'supergpqa_qwen3-8b.jsonl')
    writeFileSync(p, 'run 1\n')
    writeFileSync(`${p}.summary.json`, '{"run":1}')
    const first = moveAside(p)!
    expect(first).toMatch(/supergpqa_qwen3-8b\.jsonl\.prev-\d{8}T\d{6}$/)
    expect(existsSync(p)).toBe(false)
    expect(existsSync(`${p}.summary.json`)).toBe(false)
    expect(readFileSync(first, 'utf8')).toBe('run 1\n')
    expect(readFileSync(`${first}.summary.json`, 'utf8')).toBe('{"run":1}')

    writeFileSync(p, 'run 2\n')
    const second = moveAside(p)!
    expect(second).not.toBe(first)
    expect(readFileSync(first, 'utf8')).toBe('run 1\n')
    expect(readFileSync(second, 'utf8')).toBe('run 2\n')
  })
})

describe('JsonlAppender', () => {
  test('appends whole lines to a file it creates (folder included) and to an existing one', () => {
    const p = join(dir, 'out', 'a.jsonl')
    const a = new JsonlAppender(p)
    a.append('{"n":1}\n')
    a.append('{"n":2}\n')
    a.close()
    const b = new JsonlAppender(p)
    b.append('{"n":3}\n')
    b.close()
    b.close() // idempotent
    expect(readFileSync(p, 'utf8')).toBe('{"n":1}\n{"n":2}\n{"n":3}\n')
  })

  test('nothing is created until the first line', () => {
    const p = join(dir, 'lazy', 'a.jsonl')
    new JsonlAppender(p).close()
    expect(existsSync(p)).toBe(false)
  })
})
