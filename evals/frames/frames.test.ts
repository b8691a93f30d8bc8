import { describe, expect, test } from 'vitest'
import { loadCtx, resultLine, scoreCtx, scriptedJudge, useWave1Hub, wave1Rows } from '../../test/support/fixtures-wave1.ts'
import { loadFrames, parseWikiLinks, reasoningTypes, toRecord } from './loader.ts'
import { buildPrompt, judgePrompt } from './prompt.ts'
import { parsePythonLiteral } from '../../src/datasets/python-literal.ts'
import { rescore, scoreAnswer } from './scorer.ts'

useWave1Hub()

describe('frames loader', () => {
  test('ids from the index column; wiki_links parsed as a list, not split on commas', async () => {
    const records = await loadFrames(loadCtx())
    expect(records.map((r) => r.record_id)).toEqual(['frames-0', 'frames-1', 'frames-2', 'frames-3'])
    expect(records[0].metadata.wiki_links).toEqual([
      'https://en.wikipedia.org/wiki/President_of_the_United_States',
      'https://en.wikipedia.org/wiki/James_Buchanan',
      'https://en.wikipedia.org/wiki/Harriet_Lane',
      'https://en.wikipedia.org/wiki/James_A._Garfield',
    ])
    // a link with an apostrophe is a double-quoted Python string
    expect(records[3].metadata.wiki_links).toContain("https://en.wikipedia.org/wiki/O'Neill_(fictional_country)")
  })

  test('subject is the row’s reasoning types in a canonical order (one per_subject key per combination)', async () => {
    const records = await loadFrames(loadCtx())
    expect(records.map((r) => r.subject)).toEqual([
      'Multiple constraints',
      'Numerical reasoning | Temporal reasoning',
      'Numerical reasoning | Tabular reasoning',
      'Multiple constraints | Post processing',
    ])
    expect(reasoningTypes('Temporal reasoning | Numerical reasoning')).toEqual(reasoningTypes('Numerical reasoning|Temporal reasoning'))
  })

  test('links fall back to the wikipedia_link_N columns, then to URLs in a broken literal', () => {
    expect(parseWikiLinks({ wiki_links: '', wikipedia_link_2: 'https://b', wikipedia_link_1: 'https://a', 'wikipedia_link_11+': null })).toEqual(['https://a', 'https://b'])
    expect(parseWikiLinks({ wiki_links: "['https://a', 'https://b'" })).toEqual(['https://a', 'https://b'])
    expect(parsePythonLiteral("['a', \"b'c\", 3, None, True]")).toEqual(['a', "b'c", 3, null, true])
  })
})

describe('frames prompts', () => {
  test('the model prompt lists the articles; the judge prompt has the five guidelines', () => {
    expect(buildPrompt('Who?', ['https://en.wikipedia.org/wiki/A'])).toMatchInlineSnapshot(`
      "Answer the question below. Rules:
      - Give only your answer: a number, a short phrase with as few words as possible, or a comma-separated list of numbers and/or strings.
      - For a number, write only the number, without units unless the question asks for them.
      - For a string, use no articles and no abbreviations (e.g. write out state names).
      - For a list, apply these rules to each element.
      - The question may need reasoning over several Wikipedia articles.

      Wikipedia articles that may help:
      - https://en.wikipedia.org/wiki/A

      The question:

      Who?"
    `)
    expect(judgePrompt({ question: 'Who?', reference: 'Jane Ballou', prediction: 'Jane' })).toMatchInlineSnapshot(`
      "You are grading an AI system's answer to a multi-hop factual question against the ground-truth answer.

      Guidelines:
      1. Meaning counts, not wording: equivalent information is correct.
      2. The essential facts of the ground truth must be in the prediction.
      3. Capitalization, punctuation, formatting and word order do not matter.
      4. When the ground truth has several parts, every essential part must be present.
      5. Extra correct information is fine; extra incorrect information makes the answer wrong.

      Question: Who?
      Ground truth answer: Jane Ballou
      Predicted answer: Jane

      Reply in exactly this format, one field per line:
      extracted_final_answer: <the final answer taken from the predicted answer, or None if it gives none>
      reasoning: <a short explanation of why it is or is not correct>
      correct: <yes or no>"
    `)
  })
})

describe('frames scorer', () => {
  const [wife] = wave1Rows('frames').map((r) => toRecord(r)!)

  test('every answer goes to the judge, even an exact one (judge only, as the spec)', async () => {
    const judge = scriptedJudge(['extracted_final_answer: Jane Ballou\nreasoning: exact\ncorrect: yes'])
    expect(await scoreAnswer(wife, 'Jane Ballou', scoreCtx(judge))).toMatchObject({ isCorrect: true })
    expect(judge.calls).toHaveLength(1)
    expect(judge.calls[0][0].content).toContain(`Question: ${wife.metadata.question}`)
  })

  test('the TRUE/FALSE fallback never inverts: "not true" is false, a mixed reply is unscored', async () => {
    expect((await scoreAnswer(wife, 'Jane Smith', scoreCtx(scriptedJudge(['That is not true.'])))).isCorrect).toBe(false)
    expect((await scoreAnswer(wife, 'Jane Smith', scoreCtx(scriptedJudge(['FALSE'])))).isCorrect).toBe(false)
    const mixed = await scoreAnswer(wife, 'Jane', scoreCtx(scriptedJudge(['The first name is true, the surname is false.'])))
    expect(mixed).toMatchObject({ isCorrect: null, reason: 'judge_unparseable' })
    expect(rescore(resultLine('frames', wife, 'Jane', mixed))).toMatchObject({ isCorrect: null })
  })
})
