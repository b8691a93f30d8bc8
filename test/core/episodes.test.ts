import { describe, expect, test } from 'vitest'
import { expandSuite } from '../../src/config/expand.ts'
import type { ResolvedRun } from '../../src/config/resolved-run.ts'
import { SuiteSchema } from '../../src/config/schema.ts'
import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import type { EvalRecord } from '../../src/core/record.ts'
import { EpisodeTracker, groupByEpisode, interleaveEpisodes, withPriorExamples } from '../../src/harness/episodes.ts'
import { planSamples } from '../../src/harness/plan-samples.ts'

const BASE: ResolvedRun = expandSuite(SuiteSchema.parse({ models: [{ name: 'm' }], benchmarks: [{ name: 'supergpqa' }] }), {}, { source: 's', env: {}, cwd: '/w' })[0]
const rec = (ep: string, i: number): EvalRecord => ({ record_id: `ama-${ep}-${i}`, problem: `Q${i} of ${ep}`, reference: 'x', category: 'agentic', subject: 's', metadata: { ep } })
// Dataset order interleaves episodes on purpose: episode mode regroups them.
const RECORDS = [rec('a', 0), rec('b', 0), rec('a', 1), rec('c', 0), rec('b', 1), rec('a', 2)]
const def = (o: Partial<BenchmarkDefinition> = {}): BenchmarkDefinition => ({
  key: 'ama',
  load: async () => RECORDS,
  score: async () => ({ isCorrect: true, metadata: {} }),
  episode: (r) => String(r.metadata.ep),
  ...o,
})
const ids = (rs: EvalRecord[]) => rs.map((r) => r.record_id)

describe('episode plan', () => {
  test('samples come grouped by episode, each in dataset order, whatever the shuffle', async () => {
    const plan = await planSamples(def(), { ...BASE, seed: 7 })
    expect([...plan.episodes!.keys()].sort()).toEqual(['a', 'b', 'c'])
    expect(ids(plan.episodes!.get('a')!)).toEqual(['ama-a-0', 'ama-a-1', 'ama-a-2'])
    const order = ids(plan.samples)
    for (const e of ['a', 'b']) {
      const mine = order.filter((id) => id.startsWith(`ama-${e}-`))
      expect(mine).toEqual([...mine].sort())
    }
  })

  test('registration is round robin over episodes, so the first tests to start are first samples', () => {
    const groups = groupByEpisode(def(), RECORDS, new Map(RECORDS.map((r, i) => [r.record_id, i])))
    expect(ids(interleaveEpisodes(groups.values()))).toEqual(['ama-a-0', 'ama-b-0', 'ama-c-0', 'ama-a-1', 'ama-b-1', 'ama-a-2'])
  })

  test('off when asked; on for a plain benchmark when asked (then all samples are one episode)', async () => {
    expect((await planSamples(def(), { ...BASE, episodeMode: false })).episodes).toBeUndefined()
    const plain = await planSamples(def({ episode: undefined }), { ...BASE, episodeMode: true })
    expect([...plain.episodes!.keys()]).toEqual(['ama'])
    expect(ids(plain.samples)).toEqual(ids(RECORDS))
  })

  test('parts split by episode, never inside one', async () => {
    const parts = await Promise.all([0, 1, 2].map((index) => planSamples(def(), BASE, () => {}, { index, count: 3 })))
    for (const p of parts) {
      const eps = new Set(p.samples.map((r) => r.metadata.ep))
      for (const e of eps) expect(p.samples.filter((r) => r.metadata.ep === e)).toHaveLength(RECORDS.filter((r) => r.metadata.ep === e).length)
    }
    expect(parts.flatMap((p) => ids(p.samples)).sort()).toEqual(ids(RECORDS).sort())
  })
})

describe('EpisodeTracker', () => {
  const groups = () => new Map([['a', [rec('a', 0), rec('a', 1), rec('a', 2), rec('a', 3), rec('a', 4)]]])
  const all = (g: Map<string, EvalRecord[]>) => new Set([...g.values()].flat().map((r) => r.record_id))

  test('a sample waits for the previous one of its episode; examples are the last 3 successes, cut at 800', async () => {
    const g = groups()
    const t = new EpisodeTracker(g, all(g))
    const [r0, r1, r2, r3, r4] = g.get('a')!
    const events: string[] = []
    const second = t.before(r1, () => false).then((x) => (events.push('r1 starts'), x))
    await new Promise((r) => setTimeout(r, 10))
    expect(events).toEqual([])
    expect(await t.before(r0, () => false)).toEqual([])
    t.after(r0, true, 'A0'.repeat(500))
    expect(await second).toEqual([{ problem: 'Q0 of a', answer: 'A0'.repeat(500) }])
    t.after(r1, false, 'wrong')
    t.after(r2, true, 'A2')
    t.after(r3, true, 'A3')
    const ex = await t.before(r4, () => false)
    expect(ex.map((x) => x.answer.slice(0, 2))).toEqual(['A0', 'A2', 'A3'])
    const p = withPriorExamples(r4, ex).problem
    expect(p.startsWith('## Previously Completed Tasks\n\n### Example 1\nTask: Q0 of a\nSolution: ')).toBe(true)
    expect(p).toContain(`Solution: ${'A0'.repeat(400)}\n\n### Example 2`)
    expect(p.endsWith('## Current Task\n\nQ4 of a')).toBe(true)
  })

  test('a filtered-out (-t) predecessor is passed over; earlier successes from the output count (resume, chunks)', async () => {
    const g = groups()
    const [r0, r1, r2] = g.get('a')!
    const inRun = new Set([r1.record_id, r2.record_id])
    const t = new EpisodeTracker(g, inRun, new Map([[r0.record_id, { correct: true, answer: 'from the file' }]]))
    expect(await t.before(r2, (id) => id === r1.record_id)).toEqual([{ problem: 'Q0 of a', answer: 'from the file' }])
    const ac = new AbortController()
    const waiting = t.before(r2, () => false, ac.signal)
    ac.abort(new Error('test timed out'))
    await expect(waiting).rejects.toThrow('test timed out')
  })
})
