// The judged scorers with the real judge: createJudge → the real openai client → a scripted server on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { toRecord as framesRecord } from '../../evals/frames/loader.ts'
import { scoreAnswer as scoreFrames } from '../../evals/frames/scorer.ts'
import { groupRows } from '../../evals/liveresearchbench/loader.ts'
import { scoreAnswer as scoreLrb } from '../../evals/liveresearchbench/scorer.ts'
import { toRecord as wildchatRecord } from '../../evals/wildchat/loader.ts'
import { scoreAnswer as scoreWildchat } from '../../evals/wildchat/scorer.ts'
import { createJudge } from '../../src/scoring/judge/create-judge.ts'
import type { Judge } from '../../src/core/judge.ts'
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts'
import { wave1Rows } from '../support/fixtures-wave1.ts'

let api: FakeOpenAI
let judge: Judge

/** The judge model's replies, by what it is asked. */
function judgeReply(prompt: string): string {
  if (prompt.includes('<|User Prompt|>')) {
    // the model's haiku is "Rain taps"; it wins whichever side it is on
    const a = prompt.indexOf("Assistant A's Answer|>\nRain taps") >= 0
    return `My reply: ...\n{"query_type": "Subjective / open-ended", "explanation": "…", "verdict": "${a ? '[[A>B]]' : '[[B>A]]'}"}`
  }
  if (prompt.includes('## Checklist')) return '```json\n{"judgments": [{"index": 1, "covered": true, "reason": "ok"}, {"index": 2, "covered": false, "reason": "no"}, {"index": 3, "covered": true, "reason": "ok"}]}\n```'
  return prompt.includes('Predicted answer: Jane Ballou') ? 'extracted_final_answer: Jane Ballou\nreasoning: same name\n**correct:** yes' : 'correct: no'
}

beforeAll(async () => {
  api = await startFakeOpenAI({ models: ['judge-model'], answer: (prompt) => judgeReply(prompt) })
  judge = await createJudge({ model: 'judge-model', engine: 'openai-compatible', baseUrl: `${api.url}/v1`, temperature: 0, maxTokens: 1024, maxWorkers: 2 }, { maxRetries: 0 })
})
afterAll(async () => {
  await api?.close()
})

describe('judged scorers over HTTP', () => {
  test('frames: one judge call at temperature 0 with 2048 tokens; verdict and usage recorded', async () => {
    const wife = framesRecord(wave1Rows('frames')[0])!
    const before = api.requests.filter((r) => r.path.endsWith('/chat/completions')).length
    const s = await scoreFrames(wife, 'Jane Ballou', { judge, seed: 42 })
    expect(s).toMatchObject({ isCorrect: true, extracted: 'Jane Ballou' })
    const body = api.requests.at(-1)!.body!
    expect(body).toMatchObject({ model: 'judge-model', temperature: 0, max_tokens: 2048 })
    expect((body.messages as { role: string }[]).map((m) => m.role)).toEqual(['user'])
    const usage = s.metadata.judge_usage as { calls: number; prompt_tokens: number; completion_tokens: number }
    expect(usage.calls).toBe(1)
    expect(usage.prompt_tokens).toBeGreaterThan(0)
    // the scorer's count is the server's: one chat request
    expect(api.requests.filter((r) => r.path.endsWith('/chat/completions')).length - before).toBe(1)
  })

  test('wildchat: two calls with the system prompt, the model on each side', async () => {
    const haiku = wildchatRecord(wave1Rows('wildchat')[0])!
    const before = api.requests.length
    const s = await scoreWildchat(haiku, 'Rain taps the window', { judge, seed: 42 })
    const calls = api.requests.slice(before).filter((r) => r.path.endsWith('/chat/completions'))
    expect(calls).toHaveLength(2)
    expect((calls[0].body!.messages as { role: string }[]).map((m) => m.role)).toEqual(['system', 'user'])
    expect(s).toMatchObject({ isCorrect: true, metadata: { generated_as_a: { verdict: 'A>B' }, generated_as_b: { verdict: 'B>A' }, judge_usage: { calls: 2 } } })
  })

  test('liveresearchbench: one call with 4096 tokens, coverage from the fenced JSON', async () => {
    const [gpu] = groupRows(wave1Rows('liveresearchbench'))
    const s = await scoreLrb(gpu, 'A report on H100 prices.', { judge, seed: 42 })
    expect(api.requests.at(-1)!.body).toMatchObject({ max_tokens: 4096, temperature: 0 })
    expect(s).toMatchObject({ isCorrect: true, score: 2 / 3 })
  })

  test('a judge endpoint that is down: the call fails after retries and the sample is unscored, not wrong', async () => {
    const down = await createJudge({ model: 'judge-model', engine: 'openai-compatible', baseUrl: 'http://127.0.0.1:9/v1', temperature: 0, maxTokens: 1024, maxWorkers: 1 }, { maxRetries: 0 })
    const wife = framesRecord(wave1Rows('frames')[0])!
    const s = await scoreFrames(wife, 'Jane Ballou', { judge: down, seed: 42 })
    expect(s).toMatchObject({ isCorrect: null, reason: 'judge_error', metadata: { judge_usage: { calls: 1, prompt_tokens: 0 } } })
    expect(String(s.metadata.judge_error)).not.toBe('')
  })
})
