import { describe, expect, test } from 'vitest'
import { loadCtx, resultLine, scoreCtx, scriptedJudge, useWave1Hub, wave1Rows } from '../../test/support/fixtures-wave1.ts'
import { isMultimodal, loadHle, toRecord } from './loader.ts'
import { judgePrompt, SYSTEM_PROMPT } from './prompt.ts'
import { rescore, scoreAnswer } from './scorer.ts'

const TOKEN = 'hf_fixtureTokenForHle000'
useWave1Hub({ gated: ['cais/hle'], token: TOKEN })

describe('hle loader', () => {
  test('keeps text-only rows, ids from the HLE id, subject from category; image rows never become samples', async () => {
    const ctx = loadCtx()
    const records = await loadHle(ctx)
    expect(records.map((r) => r.record_id)).toEqual(['hle-6713a2c8f1e4b5d6c7a80911', 'hle-6720bd9e3c4a5b6d7e8f9012', 'hle-673a9b8c7d6e5f4a3b2c1d0e'])
    expect(records.map((r) => r.subject)).toEqual(['Math', 'Biology/Medicine', 'Computer Science/AI'])
    expect(records[1]).toMatchObject({ reference: 'B', system: SYSTEM_PROMPT, category: 'reasoning', metadata: { answer_type: 'multipleChoice', task_id: '6720bd9e3c4a5b6d7e8f9012' } })
    expect(ctx.logs).toEqual(['1 of 4 rows have an image or audio and are skipped (text-only)'])
  })

  test('an image in image or image_preview alone makes a row multimodal; empty strings and nulls do not', () => {
    expect(isMultimodal({ image: '', image_preview: null })).toBe(false)
    expect(isMultimodal({ image: 'data:image/png;base64,AAAA' })).toBe(true)
    expect(isMultimodal({ image: '', image_preview: { bytes: 'x', path: 'a.png' } })).toBe(true)
    expect(isMultimodal({ audio: [] })).toBe(false)
  })
})

describe('hle prompts', () => {
  test('system prompt asks for the HLE answer format; the judge prompt ends with the structured format', () => {
    expect(SYSTEM_PROMPT).toMatchInlineSnapshot(`
      "Your response should be in the following format:
      Explanation: <your explanation for your answer>
      Answer: <your final answer>"
    `)
    expect(judgePrompt({ question: 'Q?', reference: '60', prediction: 'Answer: 60' })).toMatchInlineSnapshot(`
      "You are grading an AI system's answer to a hard question from Humanity's Last Exam (HLE) against the ground-truth answer.

      Question: Q?
      Ground truth answer: 60
      Predicted answer: Answer: 60

      Judge only whether the final answer is correct. These are expert-level questions: be strict about precision, and do not accept an answer that is merely close, vague, or hedged between options.

      Reply in exactly this format, one field per line:
      extracted_final_answer: <the final answer taken from the predicted answer, or None if it gives none>
      reasoning: <a short explanation of why it is or is not correct>
      correct: <yes or no>"
    `)
  })
})

describe('hle scorer', () => {
  const [order, enzyme, , heap] = wave1Rows('hle').map(toRecord) as ReturnType<typeof toRecord>[]

  test('an exact numeric answer is right without the judge', async () => {
    const judge = scriptedJudge([])
    expect(await scoreAnswer(order!, 'Explanation: the rotation group is A5.\nAnswer: 60', scoreCtx(judge))).toMatchObject({ isCorrect: true, metadata: { match_type: 'math' } })
    expect(judge.calls).toHaveLength(0)
  })

  test('multiple choice: an explicit letter decides either way, lowercase included', async () => {
    const judge = scriptedJudge([])
    expect(await scoreAnswer(enzyme!, 'Explanation: it unwinds DNA.\nAnswer: b', scoreCtx(judge))).toMatchObject({ isCorrect: true })
    expect(await scoreAnswer(enzyme!, 'Explanation: it seals nicks.\nAnswer: A', scoreCtx(judge))).toMatchObject({ isCorrect: false, extracted: 'A', metadata: { match_type: 'choice' } })
    expect(judge.calls).toHaveLength(0)
  })

  test('a words answer that does not match exactly goes to the judge', async () => {
    const judge = scriptedJudge(['extracted_final_answer: a Fibonacci heap\nreasoning: same structure\ncorrect: yes'])
    expect(await scoreAnswer(heap!, 'Explanation: Fredman–Tarjan.\nAnswer: a Fibonacci heap', scoreCtx(judge))).toMatchObject({ isCorrect: true, metadata: { match_type: 'judge' } })
    const bad = scriptedJudge(['NOT CORRECT: a pairing heap is a different structure'])
    const s = await scoreAnswer(heap!, 'Answer: pairing heap', scoreCtx(bad))
    expect(s).toMatchObject({ isCorrect: false, metadata: { verdict_via: 'tokens' } })
    expect(rescore(resultLine('hle', heap!, 'Answer: pairing heap', s))).toMatchObject({ isCorrect: false })
  })
})
