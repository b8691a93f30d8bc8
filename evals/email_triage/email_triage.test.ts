// email_triage: the data set's size and mix, the prompt, and the scorer's exact-then-judge rule.
import { describe, expect, test } from 'vitest'
import { resultLine, scoreCtx, scriptedJudge } from '../../test/support/fixtures-wave1.ts'
import { countBy } from '../../test/support/use-cases.ts'
import { loadEmails } from './loader.ts'
import { readLabel, rescore, scoreAnswer } from './scorer.ts'

const records = await loadEmails({ seed: 0, log: () => {} })
const count = (key: string) => countBy(records, (r) => r.metadata[key])
const rec = records.find((r) => r.record_id === 'email_triage-rollback-or-hotfix')!
const reply = (u: string, c: string) => `urgency: ${u}\ncategory: ${c}\ndraft: Thanks Dana - roll back to 4.11 now, we will ship the tax rules separately.`

describe('email_triage data', () => {
  test('30 emails with unique ids and OpenJarvis’s urgency and category mix, every row schema-checked', () => {
    expect(records).toHaveLength(30)
    expect(new Set(records.map((r) => r.record_id)).size).toBe(30)
    expect(count('urgency')).toEqual({ critical: 3, high: 9, medium: 9, low: 9 })
    expect(count('category')).toEqual({ action: 14, decision: 6, info: 7, social: 3 })
    expect(records.every((r) => r.subject === 'email_triage' && r.category === 'use-case')).toBe(true)
  })

  test('the prompt asks for the three fields, then shows the headers and the body', () => {
    expect(rec.problem).toContain('urgency: <level>\ncategory: <category>\ndraft: <reply>')
    expect(rec.problem).toContain('From: Dana Whitfield <dana.whitfield@northbeam.io>\nSubject: URGENT: need your call in 15 min')
    expect(rec.reference).toBe('urgency: critical\ncategory: decision')
  })
})

describe('email_triage scorer', () => {
  test('both fields exact → correct with no judge call; markdown and trailing words are tolerated', async () => {
    const judge = scriptedJudge([])
    const s = await scoreAnswer(rec, '**Urgency:** Critical (billing batch at 09:30)\n**Category:** decision\n**Draft:** Roll back now.', scoreCtx(judge))
    expect(s).toMatchObject({ isCorrect: true, metadata: { match_type: 'exact', draft_present: true } })
    expect(judge.calls).toHaveLength(0)
    expect(readLabel('- urgency: HIGH.', 'urgency')).toEqual({ raw: 'HIGH.', label: 'high' })
  })

  test('a wrong valid label is wrong without asking the judge (OpenJarvis’s judge could pass it)', async () => {
    const judge = scriptedJudge(['urgency_correct: yes\ncategory_correct: yes\noverall_correct: yes'])
    const s = await scoreAnswer(rec, reply('high', 'decision'), scoreCtx(judge))
    expect(s).toMatchObject({ isCorrect: false, reason: 'wrong_label', metadata: { fields: { urgency: { expected: 'critical', match: false }, category: { match: true } } } })
    expect(judge.calls).toHaveLength(0)
  })

  test('a label in other words goes to the judge, which rules on that field only; its overall verdict cannot pass a wrong field', async () => {
    const yes = scriptedJudge(['urgency_correct: yes\ncategory_correct: yes\ndraft_quality: good\nreasoning: "Urgent" is critical.\noverall_correct: yes'])
    const s = await scoreAnswer(rec, reply('URGENT - P0', 'decision'), scoreCtx(yes))
    expect(s).toMatchObject({ isCorrect: true, metadata: { match_type: 'judge', draft_quality: 'good', judge_usage: { calls: 1 } } })
    const prompt = yes.calls[0][0].content
    expect(prompt).toContain('Reference classification:\nurgency: critical\ncategory: decision')
    expect(prompt).toContain('urgency_correct: <yes or no>\ncategory_correct: <yes or no>\ndraft_quality: <good|acceptable|poor>')
    const no = scriptedJudge(['urgency_correct: no\ncategory_correct: yes\noverall_correct: yes'])
    expect(await scoreAnswer(rec, reply('somewhat pressing', 'decision'), scoreCtx(no))).toMatchObject({ isCorrect: false })
  })

  test('a judge reply without the needed field is unscored with its text kept, and reparse-judge re-reads it', async () => {
    const answer = reply('urgent', 'decision')
    const s = await scoreAnswer(rec, answer, scoreCtx(scriptedJudge(['Looks fine to me.'])))
    expect(s).toMatchObject({ isCorrect: null, reason: 'judge_unparseable', metadata: { raw_judge_output: 'Looks fine to me.' } })
    const line = resultLine('email_triage', rec, answer, s)
    line.scoring_metadata.raw_judge_output = 'Urgency_Correct: **yes**\ncategory_correct: yes'
    expect(rescore(line)).toMatchObject({ isCorrect: true })
  })

  test('empty answer → wrong; judge unavailable for an unreadable field → unscored', async () => {
    expect(await scoreAnswer(rec, '  ', scoreCtx(scriptedJudge([])))).toMatchObject({ isCorrect: false, reason: 'empty_response' })
    expect(await scoreAnswer(rec, 'This one is urgent; please decide.', scoreCtx(scriptedJudge([], { available: false })))).toMatchObject({ isCorrect: null, reason: 'judge_unavailable' })
  })
})
