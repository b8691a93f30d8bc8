// N MCQ samples (shared/bench/lib/mcq.mjs), one test.concurrent each: POST a chat completion with fetch, read the
// letter, keep the per-sample record in task.meta, assert it matches the server's deterministic answer.
import { test, expect } from 'vitest'

const { makeSample, parseAnswer, letterFor } = await import(process.env.BENCH_MCQ)
const url = `${process.env.BENCH_URL}/chat/completions`
const n = Number(process.env.BENCH_N ?? 1000)

for (let i = 0; i < n; i++) {
  test.concurrent(`sample ${i}`, async ({ task }) => {
    const s = makeSample(i)
    const t0 = performance.now()
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer bench' },
      body: JSON.stringify({ model: 'bench-model', messages: [{ role: 'user', content: s.prompt }], temperature: 0, max_tokens: 16 }),
    })
    const json = await res.json()
    const predicted = parseAnswer(json.choices[0].message.content)
    task.meta.sample = { id: s.id, predicted, reference: s.answer, correct: predicted === s.answer, latency_ms: performance.now() - t0, usage: json.usage }
    expect(predicted).toBe(letterFor(s.prompt))
  })
}
