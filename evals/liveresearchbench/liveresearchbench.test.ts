import { join } from 'node:path'
import { describe, expect, test, vi } from 'vitest'
import { loadCtx, resultLine, scoreCtx, scriptedJudge, useWave1Hub, wave1Rows } from '../../test/support/fixtures-wave1.ts'
import { fillPlaceholders, groupRows, loadLiveResearchBench, parseChecklistCell } from './loader.ts'
import { buildPrompt } from './prompt.ts'
import { rescore, scoreAnswer } from './scorer.ts'

const TOKEN = 'hf_fixtureTokenForLrb000'
const hub = useWave1Hub({ gated: ['Salesforce/LiveResearchBench'], token: TOKEN })

describe('liveresearchbench loader (gated)', () => {
  test('groups checklist rows by qid into one record per question, fixed-text columns first', async () => {
    const ctx = loadCtx()
    const records = await loadLiveResearchBench(ctx)
    expect(records.map((r) => r.record_id)).toEqual(['liveresearchbench-lrb_q001', 'liveresearchbench-lrb_q002'])
    expect(records[0].metadata.checklist).toEqual([
      'Names the three largest providers by market share',
      'Gives an hourly on-demand H100 price for each provider',
      'Mentions reserved or committed-use discounts in 2025',
    ])
    expect(records[1].metadata.checklist).toEqual(['Cites at least two published trials', 'Reports productivity outcomes', 'Discusses employee well-being findings'])
    expect(records[0]).toMatchObject({ category: 'reasoning', subject: 'Enterprise', metadata: { question: 'Compare the 2025 pricing of the three largest cloud GPU providers for H100 instances.' } })
    expect(ctx.logs).toEqual(['2 research tasks with 6 checklist items (from 5 rows)'])
  })

  test('without HF_TOKEN the gated dataset fails with a JarvisError', async () => {
    vi.stubEnv('HF_TOKEN', '')
    vi.stubEnv('HF_HUB_CACHE', join(hub.root(), 'cache-no-token'))
    await expect(loadLiveResearchBench(loadCtx())).rejects.toMatchObject({ name: 'JarvisError', code: 'JARVIS_GATED_DATASET', message: expect.stringContaining('HF_TOKEN') })
    vi.stubEnv('HF_TOKEN', TOKEN)
  })

  test('checklist cells: JSON list, JSON string, or lines; placeholders filled only when needed', () => {
    expect(parseChecklistCell('["a", "b"]')).toEqual(['a', 'b'])
    expect(parseChecklistCell('"a"')).toEqual(['a'])
    expect(parseChecklistCell('a\n\nb')).toEqual(['a', 'b'])
    expect(fillPlaceholders('in {{current_year}} vs {{last_year}}', new Date('2026-03-01'))).toBe('in 2026 vs 2025')
    const [row] = wave1Rows('liveresearchbench')
    const [rec] = groupRows([{ ...row, question_no_placeholder: '', checklist_no_placeholder: '' }])
    expect(rec.metadata.question).toBe(`Compare the ${new Date().getUTCFullYear()} pricing of the three largest cloud GPU providers for H100 instances.`)
  })
})

describe('liveresearchbench prompt', () => {
  test('a deep-research request', () => {
    expect(buildPrompt('Survey X.')).toMatchInlineSnapshot(`
      "You are a deep-research assistant. Research the following task thoroughly and write a comprehensive, well-structured report, grounded in cited sources, that addresses every part of the request.

      ## Research Task

      Survey X."
    `)
  })
})

describe('liveresearchbench scorer', () => {
  const [gpu] = groupRows(wave1Rows('liveresearchbench'))
  const report = '## H100 pricing\nAWS, Azure and Google Cloud ... $4.10/h ...'

  test('coverage = covered / items; passes at ≥ 0.5', async () => {
    const judge = scriptedJudge(['```json\n{"judgments": [{"index": 1, "covered": true, "reason": "names them"}, {"index": 2, "covered": "yes", "reason": "prices"}, {"index": 3, "covered": false, "reason": "no discounts"}]}\n```'])
    const s = await scoreAnswer(gpu, report, scoreCtx(judge))
    expect(s).toMatchObject({ isCorrect: true, score: 2 / 3, metadata: { coverage: 2 / 3, covered_count: 2, checklist_size: 3, judge_format: 'json', missing_items: [] } })
    expect(judge.calls[0][0].content).toContain('1. Names the three largest providers by market share')
  })

  test('numbered lines work too; a skipped item counts as not covered', async () => {
    const s = await scoreAnswer(gpu, report, scoreCtx(scriptedJudge(['1. yes — names them\n3. no — nothing on discounts'])))
    expect(s).toMatchObject({ isCorrect: false, score: 1 / 3, metadata: { judge_format: 'lines', missing_items: [2] } })
  })

  test('no readable judgment is unscored (not 0); rescore recovers it from the stored text', async () => {
    const s = await scoreAnswer(gpu, report, scoreCtx(scriptedJudge(['Overall a solid report.'])))
    expect(s).toMatchObject({ isCorrect: null, score: null, reason: 'judge_unparseable' })
    const line = resultLine('liveresearchbench', gpu, report, s)
    const fixed = { ...line, scoring_metadata: { ...line.scoring_metadata, raw_judge_output: '{"judgments":[{"index":1,"covered":true},{"index":2,"covered":true},{"index":3,"covered":true}]}' } }
    expect(rescore(fixed)).toMatchObject({ isCorrect: true, score: 1 })
  })

  test('an empty report is wrong with score 0', async () => {
    expect(await scoreAnswer(gpu, '', scoreCtx(scriptedJudge([])))).toMatchObject({ isCorrect: false, score: 0, reason: 'empty_response' })
  })
})
