import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test, vi } from 'vitest'
import { GAIA_REPO, GAIA_TASKS, writeGaia } from '../../test/support/fixtures-gaia.ts'
import { loadCtx, resultLine, scoreCtx, scriptedJudge } from '../../test/support/fixtures-wave1.ts'
import { useFakeHub } from '../../test/support/use-fake-hub.ts'
import gaia from './benchmark.ts'
import { gaiaExactMatch } from './exact-match.ts'
import { loadGaia } from './loader.ts'
import { buildPrompt } from './prompt.ts'
import { rescore, scoreAnswer } from './scorer.ts'

const TOKEN = 'hf_gaiaFixtureToken'
const { hub, root } = useFakeHub(writeGaia, { gated: [GAIA_REPO], token: TOKEN })

describe('gaia loader (gated repo snapshot)', () => {
  test('validation rows from 2023/validation/metadata.parquet, ids gaia-<task_id>, subject level_N, attachments resolved from the snapshot', async () => {
    const records = await loadGaia(loadCtx())
    expect(records.map((r) => r.record_id)).toEqual(GAIA_TASKS.map((t) => `gaia-${t.task_id}`))
    expect(records.map((r) => r.subject)).toEqual(['level_1', 'level_2', 'level_1', 'level_3', 'level_2', 'level_1'])
    const [lemons] = records
    expect(lemons.reference).toBe('4417')
    expect(lemons.metadata).toMatchObject({ task_id: GAIA_TASKS[0].task_id, level: 1, file_name: `${GAIA_TASKS[0].task_id}.txt`, file_path: `2023/validation/${GAIA_TASKS[0].task_id}.txt` })
    expect(readFileSync(String(lemons.metadata.attachment), 'utf8')).toContain('Monday: 1,204 crates')
    expect(records[2].metadata.attachment).toBeNull()
    // every download carried the token; only the validation folder was fetched, not the test split
    const downloads = hub().requests.filter((r) => r.path.startsWith(`/datasets/${GAIA_REPO}/resolve/`))
    expect(downloads.every((r) => r.auth)).toBe(true)
    expect(downloads.some((r) => r.path.includes('/2023/test/'))).toBe(false)
    expect(downloads.some((r) => r.path.endsWith('metadata.level1.parquet'))).toBe(false)
  })

  test('the environment puts the attachment in the work dir under its name; no attachment, no environment', async () => {
    const [lemons, , hexagon] = await loadGaia(loadCtx())
    expect(gaia.environment!(lemons)).toEqual({ kind: 'local', files: [{ path: `${GAIA_TASKS[0].task_id}.txt`, source: lemons.metadata.attachment }] })
    expect(gaia.environment!(hexagon)).toBeNull()
    expect(gaia.requiresAgent).toBe(true)
  })

  test('subset 2023_level1 reads metadata.level1.parquet; train/test/all split validation 20/80; bad subset is one line', async () => {
    expect((await loadGaia(loadCtx({ subset: '2023_level1' }))).map((r) => r.subject)).toEqual(['level_1', 'level_1', 'level_1'])
    const train = await loadGaia(loadCtx({ split: 'train' }))
    const test_ = await loadGaia(loadCtx({ split: 'test' }))
    expect(train).toHaveLength(1)
    expect(test_).toHaveLength(5)
    expect(new Set([...train, ...test_].map((r) => r.record_id)).size).toBe(6)
    await expect(loadGaia(loadCtx({ subset: '2024_all' }))).rejects.toThrow(/gaia: unknown subset "2024_all"; use 2023_all/)
  })

  test('offline, the same files come from the cache with no request; a split never downloaded is one line', async () => {
    await loadGaia(loadCtx())
    const before = hub().requests.length
    vi.stubEnv('HF_HUB_OFFLINE', '1')
    try {
      expect(await loadGaia(loadCtx())).toHaveLength(6)
      expect(hub().requests.length).toBe(before)
      await expect(loadGaia(loadCtx({ split: 'test2' }))).rejects.toThrow(/HF_HUB_OFFLINE is set and dataset gaia-benchmark\/GAIA \(the test2 split \(2023\/test2\/\)/)
    } finally {
      vi.stubEnv('HF_HUB_OFFLINE', '')
    }
  })

  test('without a token the gated repo is one line saying what to do', async () => {
    vi.stubEnv('HF_TOKEN', '')
    vi.stubEnv('HF_HUB_CACHE', mkdtempSync(join(tmpdir(), 'jarvis-gaia-cold-')))
    try {
      await expect(loadGaia(loadCtx())).rejects.toThrow(/Dataset gaia-benchmark\/GAIA is gated: the Hub refused access without a token \(401\)\. Accept its terms at .* and set HF_TOKEN/)
    } finally {
      vi.stubEnv('HF_TOKEN', TOKEN)
      vi.stubEnv('HF_HUB_CACHE', join(root(), 'cache'))
    }
  })
})

describe('gaia prompt', () => {
  test('the answer rules, the file block naming the work-dir file, then the question', () => {
    expect(buildPrompt('How many?', 'abc.xlsx')).toMatchInlineSnapshot(`
      "Answer the question below. Rules:
      - Give only your answer: a number, a short phrase with as few words as possible, or a comma-separated list of numbers and/or strings.
      - For a number, write only the number, without units unless the question asks for them.
      - For a string, use no articles and no abbreviations (e.g. write out state names).
      - For a list, apply these rules to each element.

      The question refers to a file, "abc.xlsx", which is in your working directory; you will most likely need it to find the answer.
      Read it with the file tools (file_read with the path "abc.xlsx"; a binary format such as a spreadsheet or a PDF needs code_interpreter).

      Here is the question:

      How many?"
    `)
    expect(buildPrompt('How many?', null)).not.toContain('refers to a file')
  })
})

describe('gaia exact match', () => {
  test.each([
    ['4417', '4417', true],
    ['$4,417', '4417', true],
    ['4417.0', '4417', true],
    ['44.17%', '44.17', true],
    ['-5', '5', false],
    ['3.5', '35', false],
    ['about 4417', '4417', false],
    ['2,3,5', '2, 3, 5', true],
    ['2; 3; 5', '2, 3, 5', true],
    ['3, 2, 5', '2, 3, 5', false],
    ['2, 3', '2, 3, 5', false],
    ['Pavel', 'pavel', true],
    ['St. Louis', 'Saint Louis', false],
    ['New  York!', 'new york', true],
    ['apple, Banana', 'apple, banana', true],
    ['', '6', false],
  ])('%j vs gold %j → %s', (answer, gold, want) => {
    expect(gaiaExactMatch(answer, gold)).toBe(want)
  })
})

describe('gaia scorer', () => {
  const rec = { record_id: 'gaia-x', problem: 'p', reference: '4417', category: 'agentic', subject: 'level_1', metadata: { question: 'How many crates?' } }

  test('an exact match (also the stated answer inside prose) never asks the judge', async () => {
    const judge = scriptedJudge([])
    expect(await scoreAnswer(rec, '4417', scoreCtx(judge))).toMatchObject({ isCorrect: true, metadata: { match_type: 'exact' } })
    expect(await scoreAnswer(rec, 'I read the notes and added them up. The answer is 4,417.', scoreCtx(judge))).toMatchObject({ isCorrect: true, extracted: '4,417' })
    expect(judge.calls).toHaveLength(0)
  })

  test('anything else goes to the judge, with the question and gold target; its verdict decides', async () => {
    const judge = scriptedJudge(['extracted_final_answer: four thousand four hundred seventeen\nreasoning: same number\ncorrect: yes'])
    expect(await scoreAnswer(rec, 'four thousand four hundred seventeen', scoreCtx(judge))).toMatchObject({ isCorrect: true, metadata: { match_type: 'judge' } })
    expect(judge.calls[0][0].content).toContain('Question: How many crates?\nGold target: 4417\nPredicted answer: four thousand four hundred seventeen')
  })

  test('a failed judge is unscored (OpenJarvis: wrong), an unreadable one unscored with its text for reparse', async () => {
    expect(await scoreAnswer(rec, 'about 4400', scoreCtx(scriptedJudge([new Error('judge down')])))).toMatchObject({ isCorrect: null, reason: 'judge_error' })
    const unread = await scoreAnswer(rec, 'about 4400', scoreCtx(scriptedJudge(['hmm'])))
    expect(unread).toMatchObject({ isCorrect: null, reason: 'judge_unparseable' })
    expect(rescore(resultLine('gaia', rec, 'about 4400', { ...unread, metadata: { ...unread.metadata, raw_judge_output: 'correct: no' } }))).toMatchObject({ isCorrect: false })
    expect(await scoreAnswer(rec, '  ', scoreCtx(scriptedJudge([])))).toMatchObject({ isCorrect: false, reason: 'empty_response' })
  })

  test('default tools: file_read and calculator; the web tools only with a search provider', () => {
    vi.stubEnv('JARVIS_SEARXNG_URL', '')
    vi.stubEnv('JARVIS_SEARCH_CORPUS', '')
    expect(gaia.defaultTools).toEqual(['file_read', 'calculator'])
    vi.stubEnv('JARVIS_SEARCH_CORPUS', '/tmp/corpus.jsonl')
    expect(gaia.defaultTools).toEqual(['file_read', 'calculator', 'web_search', 'web_fetch'])
    vi.unstubAllEnvs()
  })
})
