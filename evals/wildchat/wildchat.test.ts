import { describe, expect, test } from 'vitest'
import { loadCtx, resultLine, scoreCtx, scriptedJudge, useWave1Hub, wave1Rows } from '../../test/support/fixtures-wave1.ts'
import { loadWildChat, toRecord } from './loader.ts'
import { judgeUserMessage } from './prompt.ts'
import { rescore, scoreAnswer } from './scorer.ts'

useWave1Hub()

describe('wildchat loader', () => {
  test('keeps English single-turn conversations only, ids from conversation_hash, subject "conversation"', async () => {
    const ctx = loadCtx()
    const records = await loadWildChat(ctx)
    expect(records.map((r) => r.record_id)).toEqual([
      'wildchat-c5a1b3e9d2f4a6b8c0d2e4f6a8b0c2d4',
      'wildchat-0b9a8c7d6e5f4a3b2c1d0e9f8a7b6c5d',
      'wildchat-1f2e3d4c5b6a79880796a5b4c3d2e1f0',
    ])
    expect(records[2]).toMatchObject({ problem: 'Give me a Python one-liner to reverse a string s.', reference: 's[::-1]', category: 'chat', subject: 'conversation', metadata: { model: 'gpt-3.5-turbo-0301' } })
    expect(ctx.logs).toEqual(['3 of 6 conversations are English, single-turn and distinct'])
  })

  test('rows read from parquet keep the nested conversation structs', () => {
    const multi = wave1Rows('wildchat')[3]
    expect(toRecord(multi)).toBeNull()
    expect(toRecord({ ...multi, conversation: (multi.conversation as unknown[]).slice(0, 2) })).not.toBeNull()
    expect(toRecord({ ...wave1Rows('wildchat')[0], language: 'english' })).not.toBeNull()
  })
})

describe('wildchat judge prompt', () => {
  test('frames both answers with the Arena-Hard markers', () => {
    expect(judgeUserMessage('Hi?', 'Hello.', 'Hey there.')).toMatchInlineSnapshot(`
      "<|User Prompt|>
      Hi?

      <|The Start of Assistant A's Answer|>
      Hello.
      <|The End of Assistant A's Answer|>

      <|The Start of Assistant B's Answer|>
      Hey there.
      <|The End of Assistant B's Answer|>"
    `)
  })
})

describe('wildchat scorer', () => {
  const [haiku] = wave1Rows('wildchat').map((r) => toRecord(r)!)
  const answer = 'Rain taps the window\nmaple leaves bleed in the gutter\nthe year exhales slow'

  test('judges both orders: the model first as A, then as B', async () => {
    const judge = scriptedJudge(['... [[B>A]]', '... [[B>A]]'])
    const s = await scoreAnswer(haiku, answer, scoreCtx(judge))
    expect(judge.calls).toHaveLength(2)
    expect(judge.calls[0][0].role).toBe('system')
    expect(judge.calls[0][1].content).toContain(`<|The Start of Assistant A's Answer|>\n${answer}`)
    expect(judge.calls[1][1].content).toContain(`<|The Start of Assistant B's Answer|>\n${answer}`)
    // B>A in order 2 means the model (B) won
    expect(s).toMatchObject({ isCorrect: true, metadata: { generated_as_a: { verdict: 'B>A' }, generated_as_b: { verdict: 'B>A' }, judge_usage: { calls: 2 } } })
  })

  test.each([
    [['[[A>B]]', '[[A>B]]'], true],
    [['[[A=B]]', '[[A>>B]]'], true],
    [['[[B>>A]]', '[[A>B]]'], false],
    [['[[B>A]]', '[[A=B]]'], true],
  ])('verdicts %j → %s (a win or tie in either order passes)', async (replies, expected) => {
    expect((await scoreAnswer(haiku, answer, scoreCtx(scriptedJudge([...replies])))).isCorrect).toBe(expected)
  })

  test('the last token counts, not the echoed list of choices', async () => {
    const echo = (v: string) => `Choose one of [[A>>B]], [[A>B]], [[A=B]], [[B>A]], [[B>>A]].\n{"verdict": "[[${v}]]"}`
    // the reference wins in both orders
    const s = await scoreAnswer(haiku, answer, scoreCtx(scriptedJudge([echo('B>>A'), echo('A>>B')])))
    expect(s).toMatchObject({ isCorrect: false, metadata: { generated_as_a: { verdict: 'B>>A' } } })
  })

  test('a missing verdict leaves the sample unscored unless the other order passes it', async () => {
    expect(await scoreAnswer(haiku, answer, scoreCtx(scriptedJudge(['no idea', '[[A>B]]'])))).toMatchObject({ isCorrect: null, reason: 'judge_unparseable' })
    expect(await scoreAnswer(haiku, answer, scoreCtx(scriptedJudge([new Error('judge: timeout'), '[[B>A]]'])))).toMatchObject({ isCorrect: true })
    expect(await scoreAnswer(haiku, answer, scoreCtx(scriptedJudge([new Error('judge: timeout'), '[[A>B]]'])))).toMatchObject({ isCorrect: null, reason: 'judge_error' })
    expect(await scoreAnswer(haiku, answer, scoreCtx(scriptedJudge([], { available: false })))).toMatchObject({ isCorrect: null, reason: 'judge_unavailable' })
    expect(await scoreAnswer(haiku, '', scoreCtx(scriptedJudge([])))).toMatchObject({ isCorrect: false, reason: 'empty_response' })
  })

  test('rescore re-reads both stored replies', async () => {
    const s = await scoreAnswer(haiku, answer, scoreCtx(scriptedJudge(['B wins: [ [B>A] ]', '[[A>B]]'])))
    expect(s.isCorrect).toBeNull()
    const line = resultLine('wildchat', haiku, answer, s)
    expect(rescore(line)).toMatchObject({ isCorrect: null })
    const fixed = { ...line, scoring_metadata: { ...line.scoring_metadata, generated_as_a: { verdict: null, raw_judge_output: 'B wins: [[B>A]]' } } }
    expect(rescore(fixed)).toMatchObject({ isCorrect: false, metadata: { generated_as_a: { verdict: 'B>A' } } })
  })
})
