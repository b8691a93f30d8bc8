// research_mining: the data set, the prompt, and the five-rating rubric judge (and its heuristic stand-in).
import { describe, expect, test } from 'vitest'
import { resultLine, scoreCtx, scriptedJudge } from '../../test/support/fixtures-wave1.ts'
import { loadResearchQuestions } from './loader.ts'
import { rescore, scoreAnswer } from './scorer.ts'

const records = await loadResearchQuestions({ seed: 0, log: () => {} })
const rec = records.find((r) => r.record_id === 'research_mining-raft-consensus')!
const facts = rec.metadata.key_facts as string[]

describe('research_mining data', () => {
  test('31 schema-checked questions with unique ids and 3+ key facts each', () => {
    expect(records).toHaveLength(31)
    expect(new Set(records.map((r) => r.record_id)).size).toBe(31)
    expect(records.every((r) => (r.metadata.key_facts as string[]).length >= 3)).toBe(true)
  })

  test('the prompt ends with Research question / Domain / Scope; the reference is the key facts', () => {
    expect(rec.problem).toMatch(/3\. A short synthesis paragraph that ties the findings together\.\n\nResearch question: How does the Raft consensus algorithm .+\nDomain: distributed systems\nScope: /)
    expect(rec.reference).toBe(facts.join('; '))
  })
})

describe('research_mining scorer', () => {
  test('overall_correct decides and the judge prompt lists every key fact', async () => {
    const judge = scriptedJudge(['accuracy: 5\ncoverage: 4\ndepth: 4\nstructure: 5\nrelevance: 5\nreasoning: Solid.\noverall_correct: yes'])
    expect(await scoreAnswer(rec, 'Findings: ...', scoreCtx(judge))).toMatchObject({ isCorrect: true, metadata: { avg_score: 4.6, decided_by: 'overall_correct' } })
    for (const f of facts) expect(judge.calls[0][0].content).toContain(`- ${f}`)
  })

  test('without overall_correct the average of all five ratings decides; a missing rating leaves it unscored', async () => {
    const low = scriptedJudge(['accuracy: 3\ncoverage: 2\ndepth: 3\nstructure: 4\nrelevance: 4'])
    expect(await scoreAnswer(rec, 'x', scoreCtx(low))).toMatchObject({ isCorrect: false, metadata: { avg_score: 3.2, decided_by: 'average' } })
    const s = await scoreAnswer(rec, 'x', scoreCtx(scriptedJudge(['accuracy: 3\ncoverage: 2'])))
    expect(s).toMatchObject({ isCorrect: null, reason: 'judge_unparseable', metadata: { raw_judge_output: 'accuracy: 3\ncoverage: 2' } })
    const line = resultLine('research_mining', rec, 'x', s)
    line.scoring_metadata.raw_judge_output = 'overall_correct: no'
    expect(rescore(line)).toMatchObject({ isCorrect: false })
  })

  test('no judge: the key-fact heuristic, marked as such', async () => {
    const h = await scoreAnswer(rec, facts.join('. '), scoreCtx(scriptedJudge([], { available: false })))
    expect(h).toMatchObject({ isCorrect: true, score: 1, metadata: { judge: 'heuristic', facts_missing: [] } })
    const poor = await scoreAnswer(rec, 'Consensus is hard. Use Paxos.', scoreCtx(scriptedJudge([], { available: false })))
    expect(poor).toMatchObject({ isCorrect: false, metadata: { judge: 'heuristic' } })
  })
})
