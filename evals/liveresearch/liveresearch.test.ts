import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { loadCtx, resultLine, scoreCtx, scriptedJudge } from '../../test/support/fixtures-wave1.ts'
import { REPO_ROOT } from '../../test/support/run-process.ts'
import deepresearch from '../deepresearch/benchmark.ts'
import { loadDeepResearch } from './loader.ts'
import { rescore, scoreReport } from './scorer.ts'

const env = { DRB_REPO_DIR: join(REPO_ROOT, 'test/fixtures/deep_research_bench'), PATH: process.env.PATH }
const records = await loadDeepResearch(loadCtx(), env)
const [wind, workweek, chips] = records
const report = '# Wind and solar LCOE in Europe\n\n| year | wind | solar |\n…'

describe('liveresearch loader', () => {
  test("query.jsonl with each task's criteria; en/zh and train/test splits", async () => {
    expect(records.map((r) => r.record_id)).toEqual(['liveresearch-51', 'liveresearch-52', 'liveresearch-7'])
    expect(wind).toMatchObject({ category: 'agentic', subject: 'Energy', metadata: { original_id: 51, language: 'en', dimension_weight: { insight: 0.35 } } })
    expect(wind.problem).toBe('You are a deep research assistant. Conduct thorough research on the following topic and produce a comprehensive, well-structured research report with citations and analysis.\n\n## Research Task\n\nCompare the levelized cost of electricity of onshore wind and utility-scale solar in Europe since 2015, and explain what drove the changes.')
    expect(workweek.metadata.criterions).toBeUndefined()
    expect((await loadDeepResearch(loadCtx({ split: 'zh' }), env)).map((r) => r.record_id)).toEqual(['liveresearch-7'])
    expect(await loadDeepResearch(loadCtx({ split: 'test' }), env)).toHaveLength(3)
    await expect(loadDeepResearch(loadCtx({ split: 'fr' }), env)).rejects.toThrow('liveresearch (or en, zh): split "fr" does not exist')
    expect(deepresearch.key).toBe('deepresearch')
    expect(deepresearch.load).toBe(loadDeepResearch)
  })
})

describe('liveresearch scorer', () => {
  test("the task's weighted criteria in the prompt; the weighted total /10; correct at ≥ 0.5", async () => {
    const judge = scriptedJudge(['```json\n{"scores": {"comprehensiveness": 6, "insight": 5, "instruction_following": 8, "readability": 7}, "weighted_total": 6.2, "notes": "solid"}\n```'])
    const s = await scoreReport(wind, report, scoreCtx(judge))
    // (6·0.3 + 5·0.35 + 8·0.2 + 7·0.15) / 1.0 = 6.2
    expect(s).toMatchObject({ isCorrect: true, score: 0.62, extracted: '6.2/10', metadata: { weighted_total_0_10: 6.2, dimension_scores: { comprehensiveness: 6, insight: 5, instruction_following: 8, readability: 7 }, rubric: 'task_criteria', notes: 'solid', judge_usage: { calls: 1 } } })
    const prompt = judge.calls[0][0].content
    expect(prompt).toContain('### Comprehensiveness\n  1. [60%] Covers both technologies across the whole period\n     Gives LCOE figures for wind and solar for several years since 2015.')
    expect(prompt).toContain('## Research Report to Evaluate\n# Wind and solar LCOE')
  })

  test('no task criteria: the generic rubric and default weights; prose lines are read too', async () => {
    const judge = scriptedJudge(['Comprehensiveness: 4\nInsight: 3\nInstruction following: 5\nReadability: 6'])
    const s = await scoreReport(workweek, 'A short note.', scoreCtx(judge))
    // 4·0.25 + 3·0.3 + 5·0.25 + 6·0.2 = 4.35
    expect(s).toMatchObject({ isCorrect: false, score: 0.435, reason: 'below_threshold', metadata: { rubric: 'generic', dimension_weights: { comprehensiveness: 0.25, insight: 0.3, instruction_following: 0.25, readability: 0.2 } } })
    expect(judge.calls[0][0].content).toContain('1. **Comprehensiveness** (information coverage')
  })

  test('a missing dimension is unscored (not 0); an echoed template is no score; reparse-judge recovers', async () => {
    const s = await scoreReport(wind, report, scoreCtx(scriptedJudge(['{"scores": {"comprehensiveness": 9, "insight": 9}}'])))
    expect(s).toMatchObject({ isCorrect: null, reason: 'judge_unparseable', metadata: { missing_dimensions: ['instruction_following', 'readability'] } })
    const echo = await scoreReport(chips, report, scoreCtx(scriptedJudge(['{"scores": {"comprehensiveness": <score 0-10>}}'])))
    expect(echo).toMatchObject({ isCorrect: null, reason: 'judge_unparseable' })
    const line = resultLine('liveresearch', wind, report, s)
    const fixed = rescore({ ...line, scoring_metadata: { ...line.scoring_metadata, raw_judge_output: '{"scores": {"comprehensiveness": 9, "insight": 9, "instruction_following": 9, "readability": 9}}' } })
    expect(fixed).toMatchObject({ isCorrect: true, score: 0.9, metadata: { dimension_weights: { insight: 0.35 } } })
  })

  test('an empty report is wrong with score 0; no judge is unscored', async () => {
    expect(await scoreReport(wind, '  ', scoreCtx(scriptedJudge([])))).toMatchObject({ isCorrect: false, score: 0, reason: 'empty_response' })
    expect(await scoreReport(wind, report, scoreCtx(scriptedJudge([], { available: false })))).toMatchObject({ isCorrect: null, reason: 'judge_unavailable' })
  })
})
