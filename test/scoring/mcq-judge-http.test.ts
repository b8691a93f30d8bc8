// The MCQ judge extraction with the real judge (createJudge → the real openai client) against the scripted
// server on 127.0.0.1: a judge that fails after its retries, or answers nothing, leaves the sample unscored
// (null, with the reason), never wrong; a prose reply is read for the letter it states (issue 12).
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createJudge } from '../../src/scoring/judge/create-judge.ts'
import { scoreMcq } from '../../src/scoring/mcq.ts'
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts'

const OPTIONS = ['0.5 mol', '1.0 mol', '1.5 mol', '2.0 mol', '2.5 mol', '3 mol', '3.5 mol', '4 mol', '4.5 mol', '5 mol']
const HEDGE = 'It could be B, or maybe C; hard to say.'

let api: FakeOpenAI
let reply = ''
beforeAll(async () => {
  // requests 1-2: HTTP 500 (the first try and its one retry); 3: HTTP 400; afterwards `reply`
  api = await startFakeOpenAI({ models: ['judge-model'], answer: () => reply, faults: { 1: { status: 500 }, 2: { status: 500 }, 3: { status: 400 } } })
})
afterAll(async () => {
  await api?.close()
})

const judgeWith = (maxRetries: number) =>
  createJudge({ model: 'judge-model', engine: 'openai-compatible', baseUrl: `${api.url}/v1`, temperature: 0, maxTokens: 64, maxWorkers: 1 }, { maxRetries })

const score = async (maxRetries = 0) => scoreMcq({ problem: 'How many moles?', answer: HEDGE, reference: 'B', options: OPTIONS, judge: await judgeWith(maxRetries) })

describe('MCQ judge extraction over HTTP', () => {
  test('HTTP 5xx after the retries → null (judge_error) with the reason, never false', async () => {
    const s = await score(1)
    expect(s.isCorrect).toBeNull()
    expect(s).toMatchObject({ reason: 'judge_error', extracted: null, metadata: { judge_usage: { calls: 1 } } })
    expect(String(s.metadata.judge_error)).toMatch(/500/)
  })

  test('HTTP 4xx → null (judge_error)', async () => {
    const s = await score(0)
    expect(s.isCorrect).toBeNull()
    expect(s).toMatchObject({ reason: 'judge_error' })
    expect(String(s.metadata.judge_error)).toMatch(/400/)
  })

  test('an empty judge reply → null (judge_empty), the raw reply kept', async () => {
    reply = ''
    const s = await score()
    expect(s).toMatchObject({ isCorrect: null, reason: 'judge_empty', metadata: { raw_judge_output: '' } })
  })

  test.each([
    ['I think it is B', 'B', true],
    ['I would say the response commits to C.', 'C', false],
    ['A careful reading shows the answer is B.', 'B', true],
    ['B. Option C is ruled out by the units.', 'B', true],
    ['B, I think', 'B', true],
    ['The answer is B, as I said.', 'B', true],
  ])('the judge says %j → %s', async (text, letter, correct) => {
    reply = text
    expect(await score()).toMatchObject({ isCorrect: correct, extracted: letter, metadata: { extraction: 'judge', raw_judge_output: text } })
  })
})
