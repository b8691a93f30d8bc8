// daily_digest: the data set, the prompt, and the phrase / ordering / checklist blend.
import { describe, expect, test } from 'vitest'
import { resultLine, scoreCtx, scriptedJudge } from '../../test/support/fixtures-wave1.ts'
import { countBy } from '../../test/support/use-cases.ts'
import { loadDailyDigest } from './loader.ts'
import { rescore, scoreAnswer } from './scorer.ts'

const records = await loadDailyDigest({ seed: 0, log: () => {} })
const rec = records.find((r) => r.record_id === 'daily_digest-hard-sre-lead')!
const YES = '1. yes — sections\n2. yes — nothing invented\n3. yes\n4. yes — TLS first\n5. yes'
const good = [
  '## Urgent',
  '1. TLS certificates expire 23:59 tonight - rotate them on the edge proxies first.',
  '2. Error budget 85% consumed with 16 days left.',
  '3. Publish the postmortem draft before 09:00.',
  '',
  '## Also',
  '- DiskCo firmware fix needs a maintenance window.',
  '- Capacity planning conflict at 11:00 with the DiskCo escalation.',
  '- Approve on-call swaps; write the Q3 capacity memo by Friday; review the storage postmortem feedback.',
].join('\n')

describe('daily_digest data', () => {
  test('30 schema-checked days, 10 per tier; every priority is also a must-mention phrase', () => {
    expect(records).toHaveLength(30)
    expect(countBy(records, (r) => r.subject)).toEqual({ easy: 10, medium: 10, hard: 10 })
    expect(rec.problem).toMatch(/^Prepare a daily briefing for a SRE Team Lead at Parallax Cloud\.\n\n## Today's Date\nWednesday, April 15, 2026\n\n## Calendar\n- 09:00 Postmortem/)
    expect(rec.reference).toBe((rec.metadata.must_mention as string[]).join('; '))
  })
})

describe('daily_digest scorer', () => {
  test('all phrases, priorities up front, checklist yes → correct with score 1; the judge sees the priorities', async () => {
    const judge = scriptedJudge([YES])
    const s = await scoreAnswer(rec, good, scoreCtx(judge))
    expect(s).toMatchObject({ isCorrect: true, score: 1, metadata: { components: { phrase: 1, ordering: 1, checklist: 1 } } })
    expect(judge.calls[0][1].content).toContain('4. The most urgent items are highlighted at the top: TLS certificates expire 23:59; error budget 85% consumed; postmortem draft.')
  })

  test('the priorities buried at the end fail the ordering gate although every phrase is there', async () => {
    const buried = good.split('\n').reverse().join('\n')
    const s = await scoreAnswer(rec, buried, scoreCtx(scriptedJudge([YES])))
    expect(s).toMatchObject({ isCorrect: false, metadata: { components: { phrase: 1 } } })
    expect((s.metadata.components as { ordering: number }).ordering).toBeLessThan(0.5)
  })

  test('a digest missing most phrases is wrong whatever the judge says', async () => {
    const s = await scoreAnswer(rec, '## Today\nRotate the TLS certificates.', scoreCtx(scriptedJudge([YES])))
    expect(s.isCorrect).toBe(false)
    expect((s.metadata.components as { phrase: number }).phrase).toBeLessThan(0.8)
  })

  test('no judge → the marker/action-word heuristic, marked; unparseable → null and reparse-judge recovers it', async () => {
    expect(await scoreAnswer(rec, good, scoreCtx(scriptedJudge([], { available: false })))).toMatchObject({ isCorrect: true, metadata: { judge: 'heuristic', components: { checklist: 1 } } })
    const s = await scoreAnswer(rec, good, scoreCtx(scriptedJudge(['Looks good.'])))
    expect(s).toMatchObject({ isCorrect: null, reason: 'judge_unparseable' })
    const line = resultLine('daily_digest', rec, good, s)
    line.scoring_metadata.raw_judge_output = YES
    expect(rescore(line)).toMatchObject({ isCorrect: true, score: 1 })
  })
})
