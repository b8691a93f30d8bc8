// morning_brief: the data set, the prompt's context block, and the rubric judge (and its heuristic stand-in).
import { describe, expect, test } from 'vitest'
import { resultLine, scoreCtx, scriptedJudge } from '../../test/support/fixtures-wave1.ts'
import { splitKeyPhrases } from '../../src/scoring/phrases.ts'
import { loadMorningBriefs } from './loader.ts'
import { rescore, scoreAnswer } from './scorer.ts'

const records = await loadMorningBriefs({ seed: 0, log: () => {} })
const rec = records.find((r) => r.record_id === 'morning_brief-engineer-oncall')!
const RUBRIC = (overall: string, covered = 'yes') => `completeness: 4\nprioritization: 5\nconciseness: 4\nactionability: 4\nkey_priorities_covered: ${covered}\nreasoning: Leads with the disk alert.\noverall_correct: ${overall}`

describe('morning_brief data', () => {
  test('15 schema-checked contexts with unique ids, each with 2–4 key priorities', () => {
    expect(records).toHaveLength(15)
    expect(new Set(records.map((r) => r.record_id)).size).toBe(15)
    for (const r of records) expect(splitKeyPhrases(r.reference).length, r.record_id).toBeGreaterThanOrEqual(2)
  })

  test('the prompt ends with the --- User Context --- block', () => {
    expect(rec.problem).toContain('5. Note pending messages that need attention.')
    expect(rec.problem).toContain('--- User Context ---\nDate: Wednesday, May 20, 2026\n\nCalendar:\n- 09:30 Standup\n- 11:00 Incident review: Sunday database failover (You are presenting the timeline)')
    expect(rec.problem).toContain('- From Pager: Disk usage on db-replica-3 at 91% overnight, still climbing.')
  })
})

describe('morning_brief scorer', () => {
  test('overall_correct decides; the judge sees the priorities and the whole context', async () => {
    const judge = scriptedJudge([RUBRIC('yes')])
    const s = await scoreAnswer(rec, '## Top priorities\n1. db-replica-3 disk...', scoreCtx(judge))
    expect(s).toMatchObject({ isCorrect: true, metadata: { avg_score: 4.25, decided_by: 'overall_correct', rubric: { prioritization: 5 }, judge_usage: { calls: 1 } } })
    const prompt = judge.calls[0][0].content
    expect(prompt).toContain(`Key priorities:\n${rec.reference}`)
    expect(prompt).toContain('- 15:00 Pairing with Leo on the cache rewrite')
    expect(prompt).toContain('key_priorities_covered: <yes|partial|no>')
  })

  test('a pass the judge contradicts (priorities not covered) is no pass; without overall_correct the average decides', async () => {
    expect(await scoreAnswer(rec, 'brief', scoreCtx(scriptedJudge([RUBRIC('yes', 'no')])))).toMatchObject({ isCorrect: false })
    const avg = scriptedJudge(['completeness: 4/5\nprioritization: **3**\nconciseness: 4\nactionability: 4\nkey_priorities_covered: partially'])
    expect(await scoreAnswer(rec, 'brief', scoreCtx(avg))).toMatchObject({ isCorrect: true, metadata: { avg_score: 3.75, decided_by: 'average', key_priorities_covered: 'partial' } })
  })

  test('a rating missing and no overall line → unscored, raw kept (OpenJarvis put 3 in); reparse-judge re-reads it', async () => {
    const s = await scoreAnswer(rec, 'brief', scoreCtx(scriptedJudge(['completeness: 4\nprioritization: 4\nkey_priorities_covered: yes'])))
    expect(s).toMatchObject({ isCorrect: null, score: null, reason: 'judge_unparseable' })
    const line = resultLine('morning_brief', rec, 'brief', s)
    line.scoring_metadata.raw_judge_output = RUBRIC('no')
    expect(rescore(line)).toMatchObject({ isCorrect: false, metadata: { rubric: { overall_correct: false } } })
  })

  test('no judge: the priority-coverage heuristic, marked as such', async () => {
    const good = 'First: deal with the climbing disk usage on db-replica-3. Then rotate the exposed staging database credentials today. Finish the incident timeline before the 11:00 review.'
    const h = await scoreAnswer(rec, good, scoreCtx(scriptedJudge([], { available: false })))
    expect(h).toMatchObject({ isCorrect: true, score: 1, metadata: { judge: 'heuristic', match_type: 'heuristic', priorities_missing: [] } })
    const poor = await scoreAnswer(rec, 'Have a nice day! Standup is at 09:30.', scoreCtx(scriptedJudge([], { available: false })))
    expect(poor).toMatchObject({ isCorrect: false, metadata: { judge: 'heuristic' } })
    expect(poor.score).toBeLessThan(0.5)
  })
})
