import { join } from 'node:path'
import { describe, expect, test, vi } from 'vitest'
import { writeRepoFile } from '../../test/support/dataset-fixtures.ts'
import { loadCtx, nestedParquet, resultLine, scoreCtx, scriptedJudge, useWave1Hub, WAVE1, wave1Rows } from '../../test/support/fixtures-wave1.ts'
import { loadNaturalReasoning, toRecord } from './loader.ts'
import { buildPrompt } from './prompt.ts'
import { rescore, scoreAnswer } from './scorer.ts'

const hub = useWave1Hub()
const records = wave1Rows('natural-reasoning').map(toRecord)

describe('natural-reasoning loader', () => {
  test('reads reference_answer and drops (and counts) rows without one', async () => {
    const ctx = loadCtx()
    const loaded = await loadNaturalReasoning(ctx)
    expect(loaded).toHaveLength(3)
    expect(loaded[0]).toMatchObject({ reference: '1.5', category: 'reasoning', subject: 'General' })
    expect(loaded[0].record_id).toMatch(/^natural-reasoning-[0-9a-f]{12}$/)
    expect(ctx.logs).toContain('2 of 5 rows have no reference_answer and were dropped')
  })

  test('ids are content hashes: the same question gets the same id in any order', async () => {
    const a = await loadNaturalReasoning(loadCtx())
    const b = wave1Rows('natural-reasoning').reverse().map(toRecord).filter((r) => r !== null)
    expect(new Set(a.map((r) => r.record_id))).toEqual(new Set(b.map((r) => r!.record_id)))
  })

  test('with max_samples, reads shard after shard until 4 × max_samples records, stopping at the last shard', async () => {
    const extra = [
      { question: 'What is 2 + 2?', reference_answer: '4', responses: [] },
      { question: 'What is the capital of France?', reference_answer: 'Paris', responses: [] },
    ]
    await writeRepoFile(join(hub.root(), 'hub'), WAVE1['natural-reasoning'].repo, 'default/train/0001.parquet', nestedParquet(extra, WAVE1['natural-reasoning'].schema), 'refs/convert/parquet')
    vi.stubEnv('HF_HUB_CACHE', join(hub.root(), 'cache-shards'))
    hub.hub().requests.length = 0
    const one = loadCtx({ maxSamples: 1 })
    expect(await loadNaturalReasoning(one)).toHaveLength(5)
    expect(one.logs[0]).toBe('read 2 parquet shard(s) of train for max_samples 1 (5 records in the pool)')
    const paths = hub.hub().requests.map((r) => decodeURIComponent(r.path))
    expect(paths.some((p) => p.includes('/tree/'))).toBe(false)
    expect(paths.some((p) => p.includes('0002.parquet'))).toBe(false)
    const ten = loadCtx({ maxSamples: 10 })
    expect(await loadNaturalReasoning(ten)).toHaveLength(5)
    expect(ten.logs[0]).toBe('read 2 parquet shard(s) of train for max_samples 10 (5 records in the pool)')
  })
})

describe('natural-reasoning prompt', () => {
  test('asks for a final answer line', () => {
    expect(buildPrompt('Why is the sky blue?')).toMatchInlineSnapshot(`
      "Solve the following reasoning problem. Think step by step, then give your final answer on the last line as "Final answer: <answer>".

      Why is the sky blue?"
    `)
  })
})

describe('natural-reasoning scorer', () => {
  const [ball, odd, growth] = records as NonNullable<(typeof records)[number]>[]

  test('an answer equal to the boxed part of the reference is right without a judge call', async () => {
    const judge = scriptedJudge([])
    expect(await scoreAnswer(growth, 'Growth is 0.5/2.0.\nFinal answer: 25%', scoreCtx(judge))).toMatchObject({ isCorrect: true, metadata: { match_type: 'math' } })
    expect(await scoreAnswer(ball, 'v = g t gives t = 1.5 s.\nFinal answer: 1.5 seconds', scoreCtx(judge))).toMatchObject({ isCorrect: true })
    expect(judge.calls).toHaveLength(0)
  })

  test('a different number is not decided by the fast path: the judge reads the whole response', async () => {
    const judge = scriptedJudge(['extracted_final_answer: 3\nreasoning: the reference is 1.5 s\ncorrect: no'])
    expect(await scoreAnswer(ball, 'Final answer: 3 s', scoreCtx(judge))).toMatchObject({ isCorrect: false, extracted: '3', metadata: { match_type: 'judge' } })
    expect(judge.calls).toHaveLength(1)
  })

  test('a free-form reference goes to the judge; a hedged judge reply is unscored, not counted', async () => {
    const judge = scriptedJudge(['The proof is partially correct.'])
    const answer = 'Odd plus odd: (2a+1)+(2b+1) = 2(a+b+1).'
    const s = await scoreAnswer(odd, answer, scoreCtx(judge))
    expect(s).toMatchObject({ isCorrect: null, reason: 'judge_unparseable' })
    const recovered = rescore({ ...resultLine('natural-reasoning', odd, answer, s), scoring_metadata: { ...s.metadata, raw_judge_output: 'correct: yes' } })
    expect(recovered).toMatchObject({ isCorrect: true })
  })
})
