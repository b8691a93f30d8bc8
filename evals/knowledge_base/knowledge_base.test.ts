// knowledge_base: the data set, the split-then-normalise fast path, and the judge's named fields.
import { describe, expect, test } from 'vitest'
import { resultLine, scoreCtx, scriptedJudge } from '../../test/support/fixtures-wave1.ts'
import { splitKeyPhrases } from '../../src/scoring/phrases.ts'
import { loadKnowledgeBase } from './loader.ts'
import { CANNOT_DETERMINE } from './prompt.ts'
import { rescore, scoreAnswer } from './scorer.ts'

const records = await loadKnowledgeBase({ seed: 0, log: () => {} })
const rec = records.find((r) => r.record_id === 'knowledge_base-warehouse-retention')!

describe('knowledge_base data', () => {
  test('30 schema-checked items with unique ids; two expect the refusal sentence; every reference has key phrases', () => {
    expect(records).toHaveLength(30)
    expect(new Set(records.map((r) => r.record_id)).size).toBe(30)
    expect(records.filter((r) => r.reference === CANNOT_DETERMINE)).toHaveLength(2)
    for (const r of records) {
      expect(splitKeyPhrases(r.reference).length, r.record_id).toBeGreaterThan(0)
      expect(r.problem, r.record_id).toContain(`Question: ${r.metadata.question}`)
    }
  })
})

describe('knowledge_base scorer', () => {
  test('phrases are split on [.,;] BEFORE normalising (OpenJarvis normalised first: one phrase)', () => {
    expect(splitKeyPhrases(rec.reference)).toEqual(['raw event tables are retained for 400 days', 'personal data columns can only be queried by members of the dataprivileged group'])
    expect(splitKeyPhrases('Version v2.9 ships 1,024 slots; see vault.enc.')).toEqual(['version v29 ships 1024 slots', 'see vaultenc'])
  })

  test('an answer holding every phrase, in any order and case, is correct without a judge call', async () => {
    const judge = scriptedJudge([])
    const answer = 'Per the handbook, personal data columns can only be queried by members of the data-privileged group, and RAW EVENT TABLES ARE RETAINED FOR 400 DAYS.'
    expect(await scoreAnswer(rec, answer, scoreCtx(judge))).toMatchObject({ isCorrect: true, metadata: { match_type: 'key_phrases', missing_phrases: [] } })
    expect(judge.calls).toHaveLength(0)
  })

  test('a number inside a phrase must match as a word: 1400 days is not 400 days, and goes to the judge', async () => {
    const judge = scriptedJudge(['factually_correct: no\ncompleteness: partial\nreasoning: 1400 is wrong.\noverall_correct: no'])
    const s = await scoreAnswer(rec, 'Raw event tables are retained for 1400 days. Personal data columns can only be queried by members of the data-privileged group.', scoreCtx(judge))
    expect(s).toMatchObject({ isCorrect: false, metadata: { match_type: 'judge', rubric: { factually_correct: false, completeness: 'partial', overall_correct: false } } })
    expect(judge.calls[0][0].content).toContain('Reference answer: Raw event tables are retained for 400 days.')
  })

  test('the judge passes a paraphrase; a yes its own fields contradict is no pass', async () => {
    const ok = scriptedJudge(['factually_correct: yes\ncompleteness: complete\nreasoning: Same facts.\noverall_correct: yes'])
    expect(await scoreAnswer(rec, 'They keep raw events 400 days; only data-privileged members see PII columns.', scoreCtx(ok))).toMatchObject({ isCorrect: true })
    const contradict = scriptedJudge(['factually_correct: no\ncompleteness: complete\noverall_correct: yes'])
    expect(await scoreAnswer(rec, 'They keep raw events 40 days.', scoreCtx(contradict))).toMatchObject({ isCorrect: false })
  })

  test('no overall_correct line → unscored with the raw reply (OpenJarvis: false); reparse-judge re-reads it', async () => {
    const answer = 'Raw events: 400 days.'
    const s = await scoreAnswer(rec, answer, scoreCtx(scriptedJudge(['The answer seems mostly right.'])))
    expect(s).toMatchObject({ isCorrect: null, reason: 'judge_unparseable', metadata: { raw_judge_output: 'The answer seems mostly right.' } })
    const line = resultLine('knowledge_base', rec, answer, s)
    line.scoring_metadata.raw_judge_output = '**factually_correct:** yes\n**completeness:** partial\n**overall_correct:** yes'
    expect(rescore(line)).toMatchObject({ isCorrect: true, metadata: { rubric: { completeness: 'partial' } } })
  })
})
