import { describe, expect, test } from 'vitest'
import { loadCtx, resultLine, scoreCtx, scriptedJudge, useWave1Hub } from '../../test/support/fixtures-wave1.ts'
import { loadMath500 } from './loader.ts'
import { buildPrompt } from './prompt.ts'
import { rescore, scoreAnswer } from './scorer.ts'

const hub = useWave1Hub()

describe('math500 loader (fake Hub, parquet conversion)', () => {
  test('reads every row with a stable id from unique_id, the subject and the level', async () => {
    const ctx = loadCtx()
    const records = await loadMath500(ctx)
    expect(records.map((r) => r.record_id)).toEqual([
      'math500-prealgebra-1043',
      'math500-precalculus-912',
      'math500-algebra-2210',
      'math500-number_theory-577',
      'math500-algebra-1398',
      'math500-geometry-356',
    ])
    expect(records[1]).toMatchObject({ reference: '\\left( 5, \\frac{3 \\pi}{2} \\right)', category: 'reasoning', subject: 'Precalculus', metadata: { level: 2, unique_id: 'test/precalculus/912.json' } })
    expect(hub.hub().requests.some((r) => r.path.includes('/resolve/') && r.path.includes('default/test/0000.parquet'))).toBe(true)
  })
})

describe('math500 prompt', () => {
  test('asks for a boxed final answer after the problem statement', () => {
    expect(buildPrompt('What is $1+1$?')).toMatchInlineSnapshot(`
      "Solve the following math problem step by step. Put your final answer within \\boxed{}.

      What is $1+1$?"
    `)
  })
})

describe('math500 scorer', async () => {
  const records = await (async () => {
    const { toRecord } = await import('./loader.ts')
    const { wave1Rows } = await import('../../test/support/fixtures-wave1.ts')
    return wave1Rows('math500').map((r) => toRecord(r)!)
  })()
  const polar = records[1]
  const interval = records[2]

  test('an equivalent boxed answer is right without a judge call', async () => {
    const judge = scriptedJudge([])
    const s = await scoreAnswer(polar, 'r = 5 and θ = 3π/2, so $\\boxed{\\left(5, 1.5\\pi\\right)}$.', scoreCtx(judge))
    expect(s).toMatchObject({ isCorrect: true, extracted: '\\left(5, 1.5\\pi\\right)', metadata: { match_type: 'math', extraction: 'boxed', math_method: 'numeric' } })
    expect(judge.calls).toHaveLength(0)
  })

  test('an explicit wrong answer is wrong without a judge call; (1,2)-style tuples never match a number', async () => {
    const judge = scriptedJudge([])
    expect((await scoreAnswer(interval, 'So the answer is $\\boxed{(-3, 7)}$.', scoreCtx(judge))).isCorrect).toBe(false)
    expect((await scoreAnswer(polar, '\\boxed{53}', scoreCtx(judge))).isCorrect).toBe(false)
    expect(judge.calls).toHaveLength(0)
  })

  test('an answer the fast path cannot settle goes to the judge, whose last correct: line decides', async () => {
    const judge = scriptedJudge(['extracted_final_answer: x between -3 and 7\nreasoning: same closed interval\n**correct:** yes'])
    const s = await scoreAnswer(interval, 'The inequality holds for all x between -3 and 7 inclusive.', scoreCtx(judge))
    expect(s).toMatchObject({ isCorrect: true, extracted: 'x between -3 and 7', metadata: { match_type: 'judge', extraction: 'last_line', verdict_via: 'correct_line' } })
    expect(s.metadata.judge_usage).toEqual({ calls: 1, prompt_tokens: 120, completion_tokens: 30, cost_usd: 0.0002 })
    expect(judge.calls[0]).toHaveLength(1)
    expect(judge.calls[0][0].content).toContain('Ground truth answer: [-3,7]')
    expect(judge.calls[0][0].content).toContain('Question: For what values of $x$ is')
  })

  test('an unparseable judge reply is unscored, with the raw text kept for reparse-judge', async () => {
    const judge = scriptedJudge(['I think it is probably fine?'])
    const s = await scoreAnswer(interval, 'All x from -3 up to 7.', scoreCtx(judge))
    expect(s).toMatchObject({ isCorrect: null, reason: 'judge_unparseable', metadata: { raw_judge_output: 'I think it is probably fine?' } })
  })

  test('an empty answer is wrong; a failed or missing judge leaves the sample unscored', async () => {
    expect(await scoreAnswer(interval, '  ', scoreCtx(scriptedJudge([])))).toMatchObject({ isCorrect: false, reason: 'empty_response' })
    expect(await scoreAnswer(interval, 'x from -3 to 7', scoreCtx(scriptedJudge([new Error('judge: 503 after 3 retries')])))).toMatchObject({
      isCorrect: null,
      reason: 'judge_error',
      metadata: { judge_error: 'judge: 503 after 3 retries' },
    })
    const off = scriptedJudge([], { available: false })
    expect(await scoreAnswer(interval, 'x from -3 to 7', scoreCtx(off))).toMatchObject({ isCorrect: null, reason: 'judge_unavailable' })
    expect(off.calls).toHaveLength(0)
  })

  test('rescore re-reads the stored judge text and is idempotent; fast-path lines have nothing to re-read', async () => {
    const answer = 'All x from -3 up to 7.'
    const s = await scoreAnswer(interval, answer, scoreCtx(scriptedJudge(['Verdict: the prediction is correct: yes'])))
    const line = resultLine('math500', interval, answer, s)
    const again = rescore(line)!
    expect(again.isCorrect).toBe(s.isCorrect)
    const fixed = rescore({ ...line, scoring_metadata: { ...line.scoring_metadata, raw_judge_output: 'reasoning: differs\ncorrect: no' } })!
    expect(fixed).toMatchObject({ isCorrect: false })
    const fast = await scoreAnswer(interval, '\\boxed{[-3,7]}', scoreCtx(scriptedJudge([])))
    expect(rescore(resultLine('math500', interval, '\\boxed{[-3,7]}', fast))).toBeNull()
  })
})
