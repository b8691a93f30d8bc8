import { describe, expect, test } from 'vitest'
import { DP_REPO, writeDeepPlanning } from '../../test/support/fixtures-deepplanning.ts'
import { loadCtx, resultLine, scoreCtx, scriptedJudge } from '../../test/support/fixtures-wave1.ts'
import { useFakeHub } from '../../test/support/use-fake-hub.ts'
import { parseCorrectIncorrect } from '../../src/scoring/judge/correct-incorrect.ts'
import { caseOf, loadDeepPlanning } from './loader.ts'
import { rescore, scoreAnswer } from './scorer.ts'

const { hub } = useFakeHub(writeDeepPlanning)

describe('deepplanning loader (tarballs streamed, nothing extracted)', () => {
  test('cases from every level tarball: ids, subjects, the reference products, the catalog in the prompt', async () => {
    const rs = await loadDeepPlanning(loadCtx())
    expect(rs.map((r) => r.record_id)).toEqual(['deepplanning-L1-case_1', 'deepplanning-L1-case_2', 'deepplanning-L2-case_10'])
    expect(rs.map((r) => r.subject)).toEqual(['shopping_L1', 'shopping_L1', 'shopping_L2'])
    expect(rs[2].reference).toBe('Linka FlexCord 1m ($8.75); Linka FlexCord 2m ($11.4)')
    expect(rs[0].metadata).toMatchObject({ level: 1, difficulty: 'easy', case_name: 'case_1', n_products: 1, n_constraints: 3, catalog_lines: 3 })
    expect(rs[0].problem).toContain('## Shopping Request\nI want wireless earbuds under $60 rated at least 4.5 that ship by express.\n\n## Product Catalog\n')
    expect(rs[0].problem).toContain('```jsonl\n{"product_id":"P001","name":"AirTune Mini"')
    expect(rs[0].problem).toMatch(/## Required Output\nList every product that satisfies all the constraints/)
    // only the three level tarballs were fetched, not the travel archive
    const got = hub().requests.filter((r) => r.path.startsWith(`/datasets/${DP_REPO}/resolve/`)).map((r) => r.path.split('/').pop())
    expect(new Set(got)).toEqual(new Set(['database_level1.tar.gz', 'database_level2.tar.gz', 'database_level3.tar.gz']))
  })

  test('the case is the folder under the archive top', () => {
    expect(caseOf('database_level1/case_12/validation_cases.json')).toBe('case_12')
    expect(caseOf('./database_level1/case_12/data/products.jsonl')).toBe('case_12')
    expect(caseOf('case_3/products.jsonl')).toBe('case_3')
  })
})

describe('deepplanning scorer', () => {
  const rec = { record_id: 'deepplanning-L1-case_1', problem: 'p', reference: 'Sonora AirTune Mini ($49.9)', category: 'agentic', subject: 'shopping_L1', metadata: { task_type: 'shopping', query: 'Earbuds under $60, express.' } }

  test.each([
    ['CORRECT\nThe plan picks the AirTune Mini.', true, 'first_word'],
    ['**INCORRECT** — it also picked the BassPod.', false, 'first_word'],
    ['The plan is NOT CORRECT: it picked the BassPod.', false, 'structured'],
    ['Verdict: CORRECT', true, 'verdict_line'],
    ['correct: no\nreasoning: wrong product', false, 'structured'],
    ['The correct products are listed; partially correct overall.', null, null],
  ])('%j → %s', (raw, verdict, via) => {
    expect(parseCorrectIncorrect(raw)).toEqual({ verdict, via })
  })

  test('the judge gets the request, the reference and the plan (not the catalog); 4096 tokens; CORRECT decides', async () => {
    const judge = scriptedJudge(['CORRECT\nSame product.'])
    const s = await scoreAnswer(rec, 'Sonora AirTune Mini, $49.90, rating 4.6, express.', scoreCtx(judge))
    expect(s).toMatchObject({ isCorrect: true, metadata: { match_type: 'judge', task_type: 'shopping', raw_judge_output: 'CORRECT\nSame product.', judge_usage: { calls: 1 } } })
    const prompt = judge.calls[0][0].content
    expect(prompt).toContain('## The Request\nEarbuds under $60, express.\n\n## Reference Plan (the products that satisfy every constraint)\nSonora AirTune Mini ($49.9)')
    expect(prompt).toContain('Begin your reply with exactly one word, CORRECT or INCORRECT')
  })

  test('a failed judge and an unreadable one are unscored; reparse re-reads the stored reply', async () => {
    expect(await scoreAnswer(rec, 'x', scoreCtx(scriptedJudge([new Error('down')])))).toMatchObject({ isCorrect: null, reason: 'judge_error' })
    const u = await scoreAnswer(rec, 'x', scoreCtx(scriptedJudge(['I cannot decide.'])))
    expect(u).toMatchObject({ isCorrect: null, reason: 'judge_unparseable' })
    const line = resultLine('deepplanning', rec, 'x', u)
    expect(rescore({ ...line, scoring_metadata: { ...line.scoring_metadata, raw_judge_output: 'INCORRECT' } })).toMatchObject({ isCorrect: false })
    expect(await scoreAnswer(rec, '', scoreCtx(scriptedJudge([])))).toMatchObject({ isCorrect: false, reason: 'empty_response' })
  })
})
