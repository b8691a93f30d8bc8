import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { IPW_FIXTURE, loadCtx, resultLine, scoreCtx, scriptedJudge, wave1Rows } from '../../test/support/fixtures-wave1.ts'
import { loadIpw, toRecord } from './loader.ts'
import { locateIpwData } from './locate.ts'
import { rescore, scoreAnswer } from './scorer.ts'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'jarvis-ipw-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('ipw data location', () => {
  test('no data anywhere is a one-line error saying how to point at it', () => {
    expect(() => locateIpwData(undefined, {})).toThrowErrorMatchingInlineSnapshot(
      `[JarvisError: ipw: no local data (the IPW set is not on the Hugging Face Hub). Set JARVIS_IPW_DATA=/path/to/mixed_1k_seed1_base.jsonl (or a folder holding it), or [[benchmarks]] subset = "/path/to/data" in the suite.]`,
    )
  })

  test('JARVIS_IPW_DATA may be the file or a folder holding <name>.jsonl; subset may be a path or a name', async () => {
    const folder = join(dir, 'ipw')
    await mkdir(join(folder, 'other_set'), { recursive: true })
    await writeFile(join(folder, 'mixed_1k_seed1_base.jsonl'), '{}\n')
    await writeFile(join(folder, 'other_set', 'part-0.parquet'), '')
    expect(locateIpwData(undefined, { JARVIS_IPW_DATA: IPW_FIXTURE })).toEqual([IPW_FIXTURE])
    expect(locateIpwData(undefined, { JARVIS_IPW_DATA: folder })).toEqual([join(folder, 'mixed_1k_seed1_base.jsonl')])
    expect(locateIpwData('other_set', { JARVIS_IPW_DATA: folder })).toEqual([join(folder, 'other_set', 'part-0.parquet')])
    expect(locateIpwData(IPW_FIXTURE, {})).toEqual([IPW_FIXTURE])
  })

  test('a datasets Arrow folder gets the command that converts it', async () => {
    const arrow = join(dir, 'arrow', 'mixed_1k_seed1_base')
    await mkdir(arrow, { recursive: true })
    await writeFile(join(arrow, 'data-00000-of-00001.arrow'), '')
    expect(() => locateIpwData(undefined, { JARVIS_IPW_DATA: dirname(arrow) })).toThrow(/holds a datasets Arrow folder.*load_from_disk/)
  })
})

describe('ipw loader', () => {
  test('maps problem/prompt and answer/expected_answer, ids from the row id, drops empty rows', async () => {
    const ctx = loadCtx({ subset: IPW_FIXTURE })
    const records = await loadIpw(ctx)
    expect(records.map((r) => [r.record_id, r.reference, r.subject])).toEqual([
      ['ipw-ipw-mixed-0001', '391', 'math'],
      ['ipw-ipw-mixed-0002', 'Na', 'science'],
      ['ipw-ipw-mixed-0003', 'merci', 'language'],
    ])
    expect(records[1]).toMatchObject({ problem: 'Name the chemical symbol for sodium.', category: 'chat' })
    expect(ctx.logs[1]).toBe('1 rows without problem or answer, or repeating an id, were dropped')
  })
})

describe('ipw scorer', () => {
  const [mult] = wave1Rows('ipw').map((r) => toRecord(r)!)

  test('judge only, with the six guidelines; verdicts and rescore', async () => {
    const judge = scriptedJudge(['extracted_final_answer: 391\nreasoning: exact\ncorrect: yes'])
    const s = await scoreAnswer(mult, '17 * 23 = 391', scoreCtx(judge))
    expect(s.isCorrect).toBe(true)
    expect(judge.calls[0][0].content).toContain('6. Numbers must match exactly')
    const line = resultLine('ipw', mult, '17 * 23 = 391', s)
    expect(rescore({ ...line, scoring_metadata: { ...line.scoring_metadata, raw_judge_output: 'correct: no' } })).toMatchObject({ isCorrect: false })
    expect(await scoreAnswer(mult, '391', scoreCtx(scriptedJudge([new Error('boom')])))).toMatchObject({ isCorrect: null, reason: 'judge_error' })
  })
})

describe('judge errors', () => {
  test('a secret in a judge error message never reaches scoring_metadata', async () => {
    const [mult] = wave1Rows('ipw').map((r) => toRecord(r)!)
    const s = await scoreAnswer(mult, '391', scoreCtx(scriptedJudge([new Error('401 invalid key sk-fake-abcdefghijklmnop for https://api.example')])))
    expect(s.metadata.judge_error).toBe('401 invalid key [REDACTED] for https://api.example')
  })
})
