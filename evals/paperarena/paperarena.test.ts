import { describe, expect, test } from 'vitest'
import { PA_REPO, writePaperArena } from '../../test/support/fixtures-paperarena.ts'
import { loadCtx, resultLine, scoreCtx, scriptedJudge } from '../../test/support/fixtures-wave1.ts'
import { useFakeHub } from '../../test/support/use-fake-hub.ts'
import { loadPaperArena, optionsOf } from './loader.ts'
import { rescore, scoreAnswer } from './scorer.ts'

const { hub } = useFakeHub(writePaperArena)
const byId = async () => Object.fromEntries((await loadPaperArena(loadCtx())).map((r) => [r.record_id, r]))

describe('paperarena loader', () => {
  test('items of the qa/ JSON and JSON Lines files; ids, subjects <difficulty>_<type>; options as "  A) …"', async () => {
    const logs: string[] = []
    const rs = await loadPaperArena({ ...loadCtx(), log: (m) => logs.push(m) })
    expect(rs.map((r) => [r.record_id, r.subject])).toEqual([
      ['paperarena-pa-0001', 'easy_mc'],
      ['paperarena-pa-0002', 'medium_mc'],
      ['paperarena-pa-0003', 'medium_ca'],
      ['paperarena-pa-0004', 'hard_oa'],
    ])
    expect(logs).toContain('1 items without a question were skipped')
    expect(rs[0].problem).toContain('## Paper Context\nWe evaluate on the HarborBench suite')
    expect(rs[0].problem.endsWith('## Question\nWhich dataset does the paper use for its main evaluation?\n\nOptions:\n  A) ImageNet\n  B) HarborBench\n  C) GLUE\n  D) SQuAD')).toBe(true)
    expect(rs[2].problem).not.toContain('Options:')
    expect(rs[0].metadata).toMatchObject({ question_type: 'MC', valid_letters: 'ABCD', minimal_tool_chain: ['pdf_reader'] })
    const fetched = hub().requests.filter((r) => r.path.startsWith(`/datasets/${PA_REPO}/resolve/`)).map((r) => r.path.split('/').slice(-2).join('/'))
    expect(new Set(fetched)).toEqual(new Set(['qa/easy.json', 'qa/hard.jsonl']))
  })

  test('options: lists in order, letter maps by their keys', () => {
    expect(optionsOf({ B: 'two', A: 'one' })).toEqual(['one', 'two'])
    expect(optionsOf(['x', 'y'])).toEqual(['x', 'y'])
    expect(optionsOf(null)).toBeNull()
  })
})

describe('paperarena scorer', () => {
  test('MC: the letter regex decides without the judge; the last stated letter counts', async () => {
    const { 'paperarena-pa-0001': mc } = await byId()
    const judge = scriptedJudge([])
    expect(await scoreAnswer(mc, 'B', scoreCtx(judge))).toMatchObject({ isCorrect: true, metadata: { match_type: 'exact_letter', question_type: 'MC' } })
    expect(await scoreAnswer(mc, 'At first A looked right, but the answer is B.', scoreCtx(judge))).toMatchObject({ isCorrect: true, extracted: 'B' })
    expect(await scoreAnswer(mc, 'The answer is D.', scoreCtx(judge))).toMatchObject({ isCorrect: false })
    expect(judge.calls).toHaveLength(0)
  })

  test('MC: prose the regex cannot read goes to the judge for the letter; a judge that says NONE is wrong', async () => {
    const { 'paperarena-pa-0002': mc } = await byId()
    const judge = scriptedJudge(['C', 'NONE'])
    expect(await scoreAnswer(mc, 'They train with the decoupled weight-decay variant of Adam.', scoreCtx(judge))).toMatchObject({ isCorrect: true, metadata: { match_type: 'judge_letter', raw_judge_output: 'C' } })
    expect(await scoreAnswer(mc, 'Hard to say.', scoreCtx(judge))).toMatchObject({ isCorrect: false, reason: 'no_valid_answer' })
  })

  test('CA / OA: the CORRECT/INCORRECT judge with question, reference and answer; failures unscored; reparse', async () => {
    const { 'paperarena-pa-0003': ca } = await byId()
    const judge = scriptedJudge(['CORRECT — 12.6 / 3.0 = 4.2.', new Error('down'), 'unsure'])
    expect(await scoreAnswer(ca, 'About 4.2 times faster.', scoreCtx(judge))).toMatchObject({ isCorrect: true, metadata: { match_type: 'judge', question_type: 'CA' } })
    expect(judge.calls[0][0].content).toContain('## Reference Answer\n4.2x\n\n## The Agent\'s Answer\nAbout 4.2 times faster.')
    expect(await scoreAnswer(ca, '4.2', scoreCtx(judge))).toMatchObject({ isCorrect: null, reason: 'judge_error' })
    const u = await scoreAnswer(ca, '4.2', scoreCtx(judge))
    expect(u).toMatchObject({ isCorrect: null, reason: 'judge_unparseable' })
    const line = resultLine('paperarena', ca, '4.2', u)
    expect(rescore({ ...line, scoring_metadata: { ...line.scoring_metadata, raw_judge_output: 'CORRECT' } })).toMatchObject({ isCorrect: true })
  })
})
