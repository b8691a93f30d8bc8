// doc_qa: the data set (every fact is in the document it names), the prompt, and the fact / citation /
// checklist blend.
import { describe, expect, test } from 'vitest'
import { phraseFound } from '../../src/scoring/phrases.ts'
import { resultLine, scoreCtx, scriptedJudge } from '../../test/support/fixtures-wave1.ts'
import { countBy } from '../../test/support/use-cases.ts'
import { loadDocQa, loadTasks } from './loader.ts'
import { citedDocs, rescore, scoreAnswer } from './scorer.ts'

const tasks = await loadTasks()
const records = await loadDocQa({ seed: 0, log: () => {} })
const rec = records.find((r) => r.record_id === 'doc_qa-hard-grant-deadline')!
const YES = '1. yes\n2. yes\n3. yes\n4. yes\n5. yes'
const good = 'The deadline was extended to June 30 at 17:00 CET [Doc 2]. Applicants may request between 10,000 and 80,000 euros [Doc 3], and projects above 50,000 euros need 20% co-financing [Doc 4].'

describe('doc_qa data', () => {
  test('30 schema-checked tasks, 10 per tier, 3–6 documents; every required fact is in the document it names', () => {
    expect(tasks).toHaveLength(30)
    expect(countBy(tasks, (t) => t.difficulty)).toEqual({ easy: 10, medium: 10, hard: 10 })
    for (const t of tasks) for (const f of t.required_facts) expect(phraseFound(f.fact, t.documents[f.source_doc_index].content), `${t.id}: ${f.fact}`).toBe(true)
  })

  test('documents are numbered from 1 in the prompt', () => {
    expect(rec.problem).toContain('### Document 1: Call Announcement (March)\nThe Brightwater Innovation Grant opens on April 1')
    expect(rec.metadata.source_docs).toEqual([2, 3, 4])
  })
})

describe('doc_qa scorer', () => {
  test('facts with their citations → correct, score 1', async () => {
    expect(await scoreAnswer(rec, good, scoreCtx(scriptedJudge([YES])))).toMatchObject({ isCorrect: true, score: 1, metadata: { components: { fact: 1, citation: 1 }, cited_docs: [2, 3, 4] } })
  })

  test('citations are read with or without brackets; the outdated document alone is not the source', async () => {
    expect(citedDocs('See Document 2 and [doc 4], also (Source 1).')).toEqual([1, 2, 4])
    const stale = 'The deadline is June 15 [Doc 1]. You can request between 10,000 and 80,000 euros [Doc 1].'
    const s = await scoreAnswer(rec, stale, scoreCtx(scriptedJudge([YES])))
    expect(s).toMatchObject({ isCorrect: false, metadata: { components: { citation: 0 } } })
  })

  test('right facts without any citation: citation 0, wrong', async () => {
    const s = await scoreAnswer(rec, good.replace(/ \[Doc \d\]/g, ''), scoreCtx(scriptedJudge([YES])))
    expect(s).toMatchObject({ isCorrect: false, metadata: { components: { fact: 1, citation: 0 } } })
  })

  test('no judge → heuristic, marked; unparseable → null, kept for reparse-judge', async () => {
    expect(await scoreAnswer(rec, `- ${good}`, scoreCtx(scriptedJudge([], { available: false })))).toMatchObject({ isCorrect: true, metadata: { judge: 'heuristic' } })
    const s = await scoreAnswer(rec, good, scoreCtx(scriptedJudge(['{"verdict": "fine"}'])))
    expect(s).toMatchObject({ isCorrect: null, reason: 'judge_unparseable' })
    const line = resultLine('doc_qa', rec, good, s)
    line.scoring_metadata.raw_judge_output = '1. no\n2. no\n3. no\n4. no\n5. no'
    const again = rescore(line)!
    expect(again).toMatchObject({ isCorrect: true, metadata: { components: { checklist: 0 } } })
    expect(again.score).toBeCloseTo(0.8, 9)
  })
})
