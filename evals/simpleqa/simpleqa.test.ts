import { describe, expect, test } from 'vitest'
import { loadCtx, resultLine, scoreCtx, scriptedJudge, useWave1Hub, wave1Rows } from '../../test/support/fixtures-wave1.ts'
import { loadSimpleQa, parseMetadata, toRecord } from './loader.ts'
import { buildPrompt } from './prompt.ts'
import { rescore, scoreAnswer } from './scorer.ts'

useWave1Hub()

describe('simpleqa loader', () => {
  test('parses the Python-literal metadata: topic is the subject, the rest is kept', async () => {
    const records = await loadSimpleQa(loadCtx())
    expect(records.map((r) => r.subject)).toEqual(['Science and technology', 'Geography', 'Art', 'Music'])
    expect(records[0].metadata).toMatchObject({ answer_type: 'Person', urls: ['https://en.wikipedia.org/wiki/Fixture_Prize', 'https://example.org/fixture-prize-2011'] })
    expect(records[2].metadata.urls).toEqual(["https://example.org/gallery's-history"])
    expect(records.every((r) => /^simpleqa-[0-9a-f]{12}$/.test(r.record_id))).toBe(true)
  })

  test('metadata that is not a literal is ignored, not fatal', () => {
    expect(parseMetadata("{'topic': 'Art'")).toEqual({})
    expect(parseMetadata({ topic: 'Art' })).toEqual({ topic: 'Art' })
  })
})

describe('simpleqa prompt', () => {
  test('asks for a short factual answer', () => {
    expect(buildPrompt('Who wrote Dracula?')).toMatchInlineSnapshot(`
      "Answer the following question with a short factual answer: a word, a phrase, a name, a number or a date. Give no explanation or extra context.

      Question: Who wrote Dracula?"
    `)
  })
})

describe('simpleqa scorer', () => {
  const [person, depth, date, album] = wave1Rows('simpleqa').map((r) => toRecord(r)!)

  test('normalised exact matches are right without the judge: case, punctuation, thousands separators', async () => {
    const judge = scriptedJudge([])
    expect(await scoreAnswer(person, '**ada quinlan.**', scoreCtx(judge))).toMatchObject({ isCorrect: true, metadata: { match_type: 'exact' } })
    expect(await scoreAnswer(depth, '1024', scoreCtx(judge))).toMatchObject({ isCorrect: true })
    expect(await scoreAnswer(depth, 'Answer: 1,024 metres', scoreCtx(judge))).toMatchObject({ isCorrect: true })
    // only punctuation and case differ (issue 12): the spec's normalisation, no judge call
    expect(await scoreAnswer(date, 'march 3 1921', scoreCtx(judge))).toMatchObject({ isCorrect: true, metadata: { match_type: 'exact' } })
    expect(await scoreAnswer(album, 'the long-quiet!', scoreCtx(judge))).toMatchObject({ isCorrect: true, metadata: { match_type: 'exact' } })
    expect(judge.calls).toHaveLength(0)
  })

  test('anything else is the judge’s call; its verdict and usage are recorded', async () => {
    const judge = scriptedJudge(['extracted_final_answer: 3 March 1921\nreasoning: same date\ncorrect: yes'])
    const s = await scoreAnswer(date, '3 March 1921', scoreCtx(judge))
    expect(s).toMatchObject({ isCorrect: true, extracted: '3 March 1921', metadata: { match_type: 'judge', judge_usage: { calls: 1 } } })
    expect(judge.calls[0][0].content).toContain('Gold answer: March 3, 1921')
    const wrong = await scoreAnswer(depth, '1,240', scoreCtx(scriptedJudge(['correct: no'])))
    expect(wrong.isCorrect).toBe(false)
    // a negated number is no exact match: the judge reads it
    const negated = scriptedJudge(['correct: no'])
    expect(await scoreAnswer(depth, 'It is not 1024 metres deep.', scoreCtx(negated))).toMatchObject({ isCorrect: false, metadata: { match_type: 'judge' } })
  })

  test('rescore re-reads the stored reply', async () => {
    const s = await scoreAnswer(date, 'in 1921', scoreCtx(scriptedJudge(['hmm'])))
    expect(s.isCorrect).toBeNull()
    const line = resultLine('simpleqa', date, 'in 1921', s)
    expect(rescore(line)).toMatchObject({ isCorrect: null, reason: 'judge_unparseable' })
    expect(rescore({ ...line, scoring_metadata: { ...line.scoring_metadata, raw_judge_output: 'Correct: No.' } })).toMatchObject({ isCorrect: false })
  })
})
