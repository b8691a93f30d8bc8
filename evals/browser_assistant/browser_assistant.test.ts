// browser_assistant: the data set's totals, exact facts (numbers compared as numbers), the semantic + quality
// checklist in one judge call, the heuristic without a judge, and web-tool evidence.
import { describe, expect, test } from 'vitest'
import type { Attempt } from '../../src/core/backend.ts'
import { resultLine, scoreCtx, scriptedJudge } from '../../test/support/fixtures-wave1.ts'
import { countBy } from '../../test/support/use-cases.ts'
import { exactFactFound } from './facts.ts'
import { loadBrowserAssistant, loadQuestions } from './loader.ts'
import { rescore, scoreAnswer } from './scorer.ts'

const questions = await loadQuestions()
const records = await loadBrowserAssistant({ seed: 0, log: () => {} })
const rec = records.find((r) => r.record_id === 'browser_assistant-easy-h100-memory')!
const good = 'The H100 SXM has 80 GB of HBM3 memory with about 3.35 TB/s of bandwidth; it is based on the Hopper architecture. Source: https://www.nvidia.com/en-us/data-center/h100/'

describe('browser_assistant data', () => {
  test('30 schema-checked questions, 10 per tier, 21 exact and 56 semantic facts in all', () => {
    expect(questions).toHaveLength(30)
    expect(countBy(questions, (q) => q.difficulty)).toEqual({ easy: 10, medium: 10, hard: 10 })
    expect(countBy(questions.flatMap((q) => q.expected_facts), (f) => f.type)).toEqual({ exact: 21, semantic: 56 })
  })
})

describe('browser_assistant scorer', () => {
  test('exact numbers are compared as numbers: 3 is not 3.35 (OpenJarvis matched str(int(x)) as a substring)', () => {
    expect(exactFactFound('80 GB', 'It has 80GB of memory.')).toBe(true)
    expect(exactFactFound('2,039 GB/s', 'about 2039 GB/s')).toBe(true)
    expect(exactFactFound('3.35', 'version 3 of the card')).toBe(false)
    expect(exactFactFound('October 2, 2023', 'It was released on October 2, 2023.')).toBe(true)
  })

  test('one judge call: semantic items first, then the three quality items; all yes → correct', async () => {
    const judge = scriptedJudge(['1. yes\n2. yes\n3. yes\n4. yes\n5. yes'])
    const s = await scoreAnswer(rec, good, scoreCtx(judge))
    expect(s).toMatchObject({ isCorrect: true, score: 1, metadata: { semantic_count: 2, components: { exact: 1, semantic: 1, quality: 1, sources: 1 } } })
    const prompt = judge.calls[0][1].content
    expect(prompt).toContain('1. The answer covers: HBM3 memory with about 3.35 TB/s of bandwidth\n2. The answer covers: it is based on the Hopper architecture\n3. The answer contains no fabricated')
  })

  test('semantic facts the judge says are missing, no source → wrong', async () => {
    const s = await scoreAnswer(rec, 'It has 80 GB.', scoreCtx(scriptedJudge(['1. no\n2. no\n3. yes\n4. no\n5. yes'])))
    expect(s).toMatchObject({ isCorrect: false, metadata: { components: { exact: 1, semantic: 0, sources: 0 } } })
    expect(s.score).toBeCloseTo(0.35 + 0.15 * (2 / 3), 9)
  })

  test('no judge → heuristics, marked; unparseable → null, reparse-judge re-reads', async () => {
    expect(await scoreAnswer(rec, good, scoreCtx(scriptedJudge([], { available: false })))).toMatchObject({ isCorrect: true, metadata: { judge: 'heuristic' } })
    const s = await scoreAnswer(rec, good, scoreCtx(scriptedJudge(['I think it is good'])))
    expect(s).toMatchObject({ isCorrect: null, reason: 'judge_unparseable' })
    const line = resultLine('browser_assistant', rec, good, s)
    line.scoring_metadata.raw_judge_output = '1. yes\n2. no\n3. yes\n4. yes\n5. yes'
    expect(rescore(line)).toMatchObject({ isCorrect: true, metadata: { components: { semantic: 0.5, quality: 1 } } })
  })

  test('with web tools the calls and the fetched URLs are evidence, not score', async () => {
    const url = 'https://www.nvidia.com/en-us/data-center/h100/'
    const attempt = {
      transcript: [
        { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'web_search', arguments: { query: 'H100 SXM memory' } }] },
        { role: 'tool', content: `1. NVIDIA H100 ${url}`, toolCallId: 'c1' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'c2', name: 'web_fetch', arguments: { url } }] },
      ],
    } as unknown as Attempt
    const s = await scoreAnswer(rec, good, { ...scoreCtx(scriptedJudge(['1. yes\n2. yes\n3. yes\n4. yes\n5. yes'])), attempt })
    expect(s).toMatchObject({ isCorrect: true, score: 1, metadata: { web_tool_calls: 2, fetched_urls: [url], cited_urls_seen: 1, cited_urls: 1 } })
  })
})
