import { describe, expect, test, vi } from 'vitest'
import { writeAmaBench } from '../../test/support/fixtures-ama-bench.ts'
import { loadCtx, resultLine, scoreCtx, scriptedJudge } from '../../test/support/fixtures-wave1.ts'
import { useFakeHub } from '../../test/support/use-fake-hub.ts'
import { tokenF1 } from '../../src/scoring/token-f1.ts'
import amaBench from './benchmark.ts'
import { loadAmaBench } from './loader.ts'
import { renderTrajectory, TRUNCATION_MARK, truncateTrajectory } from './prompt.ts'
import { readYesNo, rescore, scoreAnswer } from './scorer.ts'

useFakeHub(writeAmaBench)

describe('ama-bench loader', () => {
  test('one record per QA pair, ids ama-bench-<episode>-<uuid|q<i>>, subjects from the type, the trajectory rendered per turn', async () => {
    const rs = await loadAmaBench(loadCtx())
    expect(rs.map((r) => r.record_id)).toEqual(['ama-bench-webshop_0007-q-7f1c', 'ama-bench-webshop_0007-q-7f1d', 'ama-bench-webshop_0007-q-7f1e', 'ama-bench-alfworld_0112-q-a001', 'ama-bench-alfworld_0112-q1'])
    expect(rs.map((r) => r.subject)).toEqual(['recall', 'causal_inference', 'state_updating', 'state_abstraction', 'recall'])
    expect(rs[0].problem).toBe(
      '## Task\nBuy a blue ceramic mug under $15.\n\n## Trajectory\nTurn 0\nAction: search[blue ceramic mug]\nObservation:\nResults: (1) Azure Mug $12.99 (2) Navy Stoneware Mug $18.50\n\nTurn 1\nAction: click[Azure Mug]\nObservation:\nAzure Mug, ceramic, blue, $12.99. Options: 11oz, 15oz\n\nTurn 2\nAction: click[Buy Now]\nObservation:\nOrder placed: Azure Mug 11oz, $12.99\n\n## Question\nWhat was the price of the item the agent bought?',
    )
    expect(rs[0]).toMatchObject({ reference: '$12.99', metadata: { episode_id: 'webshop_0007', question_type: 'A', domain: 'webshop', success: true, num_turns: 3, trajectory_truncated: false } })
  })

  test('the episode is the trajectory, so episode mode is on by default', async () => {
    const rs = await loadAmaBench(loadCtx())
    expect(rs.map((r) => amaBench.episode!(r))).toEqual(['webshop_0007', 'webshop_0007', 'webshop_0007', 'alfworld_0112', 'alfworld_0112'])
  })

  test('a long trajectory keeps its first and last halves of the budget (JARVIS_AMA_MAX_TRAJECTORY_TOKENS × 4 chars)', async () => {
    const t = renderTrajectory(Array.from({ length: 50 }, (_, i) => ({ turn_idx: i, action: `step ${i}`, observation: 'x'.repeat(40) })))
    const cut = truncateTrajectory(t, 400)
    expect(cut.truncated).toBe(true)
    expect(cut.text).toHaveLength(400 - ((400 - TRUNCATION_MARK.length) % 2))
    expect(cut.text.startsWith('Turn 0\nAction: step 0')).toBe(true)
    expect(cut.text.endsWith(t.slice(-50))).toBe(true)
    vi.stubEnv('JARVIS_AMA_MAX_TRAJECTORY_TOKENS', '30')
    try {
      const rs = await loadAmaBench(loadCtx())
      expect(rs[0].metadata.trajectory_truncated).toBe(true)
      expect(rs[0].problem).toContain(TRUNCATION_MARK.trim())
    } finally {
      vi.stubEnv('JARVIS_AMA_MAX_TRAJECTORY_TOKENS', '')
    }
  })
})

describe('ama-bench scorer', () => {
  const rec = { record_id: 'ama-bench-e-q', problem: '## Task\nt\n\n## Trajectory\nx\n\n## Question\nWhich size?', reference: '11oz', category: 'agentic', subject: 'state_updating', metadata: { question: 'Which size was ordered?' } }

  test.each([
    ['yes', 'yes'],
    ['No.', 'no'],
    ['<think>The reference says 11oz, the answer 15oz … so no? Actually yes.</think>\nno', 'no'],
    ['Answer: yes', 'yes'],
    ['The prediction matches, yes.', 'yes'],
    ['no doubt about it: yes', null],
    ['<think>still thinking', null],
    ['maybe', null],
  ])('%j → %s', (raw, want) => {
    expect(readYesNo(raw)).toBe(want)
  })

  test('the judge decides (system + question, reference, prediction; 128 tokens); F1 rides along', async () => {
    const judge = scriptedJudge(['yes'])
    const s = await scoreAnswer(rec, 'The 11oz size.', scoreCtx(judge))
    expect(s).toMatchObject({ isCorrect: true, metadata: { match_type: 'judge', judge_label: 'yes', f1: 0.5, capability: 'state_updating', judge_usage: { calls: 1 } } })
    expect(judge.calls[0][0]).toMatchObject({ role: 'system', content: expect.stringContaining('expert evaluator') })
    expect(judge.calls[0][1].content).toContain('Question: Which size was ordered?\n\nReference Answer: 11oz\n\nPredicted Answer: The 11oz size.')
  })

  test('an unreadable judge reply falls back to token F1 ≥ 0.5; a failed judge call is unscored, not a crash', async () => {
    expect(await scoreAnswer(rec, '11oz', scoreCtx(scriptedJudge(['hmm'])))).toMatchObject({ isCorrect: true, metadata: { match_type: 'f1_fallback', f1: 1, judge_parse_failed: true } })
    expect(await scoreAnswer(rec, 'the large fifteen ounce one', scoreCtx(scriptedJudge(['hmm'])))).toMatchObject({ isCorrect: false, metadata: { match_type: 'f1_fallback', f1: 0 } })
    expect(await scoreAnswer(rec, '11oz', scoreCtx(scriptedJudge([new Error('judge exploded')])))).toMatchObject({ isCorrect: null, reason: 'judge_error', metadata: { f1: 1 } })
    expect(await scoreAnswer(rec, '11oz', scoreCtx(scriptedJudge([], { available: false })))).toMatchObject({ isCorrect: null, reason: 'judge_unavailable' })
    expect(await scoreAnswer(rec, ' ', scoreCtx(scriptedJudge([])))).toMatchObject({ isCorrect: false, reason: 'empty_response' })
  })

  test('reparse-judge re-reads the stored reply with the stored F1', async () => {
    const s = await scoreAnswer(rec, '11oz', scoreCtx(scriptedJudge(['hmm'])))
    const line = resultLine('ama-bench', rec, '11oz', s)
    expect(rescore({ ...line, scoring_metadata: { ...line.scoring_metadata, raw_judge_output: 'no' } })).toMatchObject({ isCorrect: false, metadata: { match_type: 'judge' } })
  })

  test('token F1 is SQuAD-style', () => {
    expect(tokenF1('The cat sat.', 'the cat')).toBeCloseTo(0.8, 6)
    expect(tokenF1('', '')).toBe(1)
    expect(tokenF1('a', '')).toBe(0)
  })
})
