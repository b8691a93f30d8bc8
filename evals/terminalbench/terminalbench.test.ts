import { describe, expect, test } from 'vitest'
import { writeTerminalBench } from '../../test/support/fixtures-terminalbench.ts'
import { loadCtx, resultLine, scoreCtx, scriptedJudge } from '../../test/support/fixtures-wave1.ts'
import { useFakeHub } from '../../test/support/use-fake-hub.ts'
import { loadTerminalBench, toRecord } from './loader.ts'
import { rescore, scoreAnswer } from './scorer.ts'

useFakeHub(writeTerminalBench)

describe('terminalbench (Hub, judge path)', () => {
  test('rows → records: ids from task_id, subject from category, the system line, a missing reference kept', async () => {
    const logs: string[] = []
    const rs = await loadTerminalBench({ ...loadCtx(), log: (m) => logs.push(m) })
    expect(rs.map((r) => [r.record_id, r.subject])).toEqual([
      ['terminalbench-count-log-errors', 'file-operations'],
      ['terminalbench-largest-file', 'file-operations'],
      ['terminalbench-open-ports', 'system-administration'],
      ['terminalbench-no-reference', 'system-administration'],
    ])
    expect(rs[0]).toMatchObject({ reference: 'grep -c ERROR /var/log/app.log', category: 'agentic', system: expect.stringContaining('Nothing you write is executed') })
    expect(logs).toContain('1 tasks have no reference answer and will be unscored')
  })

  test('the other field spellings OpenJarvis accepts, and a hash id without one', () => {
    expect(toRecord({ id: 7, prompt: 'Show the kernel version.', answer: 'uname -r', type: 'system' })).toMatchObject({ record_id: 'terminalbench-7', reference: 'uname -r', subject: 'system' })
    expect(toRecord({ question: 'Show the date.', gold_answer: 'date' })!.record_id).toMatch(/^terminalbench-[0-9a-f]{12}$/)
    expect(toRecord({ question: '' })).toBeNull()
  })

  test('the judge grades functional equivalence; no reference is unscored; reparse re-reads', async () => {
    const [count, , , noref] = await loadTerminalBench(loadCtx())
    const judge = scriptedJudge(['extracted_final_answer: grep ERROR /var/log/app.log | wc -l\nreasoning: same count\ncorrect: yes'])
    expect(await scoreAnswer(count, 'grep ERROR /var/log/app.log | wc -l', scoreCtx(judge))).toMatchObject({ isCorrect: true })
    expect(judge.calls[0][0].content).toContain('Functional equivalence counts')
    expect(judge.calls[0][0].content).toContain('Task: Count the lines containing "ERROR" in /var/log/app.log and print only the number.\nGround truth answer: grep -c ERROR /var/log/app.log')
    expect(await scoreAnswer(noref, 'crontab -e', scoreCtx(scriptedJudge([])))).toMatchObject({ isCorrect: null, reason: 'no_reference' })
    const u = await scoreAnswer(count, 'x', scoreCtx(scriptedJudge(['?'])))
    expect(rescore({ ...resultLine('terminalbench', count, 'x', u), scoring_metadata: { ...u.metadata, raw_judge_output: 'correct: no' } })).toMatchObject({ isCorrect: false })
  })
})
