import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { expandSuite } from '../../src/config/expand.ts'
import type { ResolvedRun } from '../../src/config/resolved-run.ts'
import { SuiteSchema } from '../../src/config/schema.ts'
import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import type { EvalRecord } from '../../src/core/record.ts'
import { readPlanFile, writePlanFiles } from '../../src/harness/plan-file.ts'
import { chunksOf, planSamples, selectSamples } from '../../src/harness/plan-samples.ts'

// The CLI hands each chunk's worker its records (plan files written from preflight's one load): what a worker
// registers from them must be exactly what it would have selected by loading the dataset itself.
const BASE: ResolvedRun = expandSuite(SuiteSchema.parse({ models: [{ name: 'm' }], benchmarks: [{ name: 'supergpqa' }] }), {}, { source: 's', env: {}, cwd: '/w' })[0]
const rec = (i: number, ep = `e${i % 3}`): EvalRecord => ({
  record_id: `r-${i}`,
  problem: `Question ${i}?`,
  reference: 'ABCD'[i % 4],
  category: 'reasoning',
  subject: 's',
  // What parquet and JSON loaders hand over: BigInt, Date, bytes and nested values survive the hand-off.
  metadata: { ep, big: BigInt(i) * 10n ** 15n, at: new Date(Date.UTC(2024, 0, 1 + i)), bytes: new Uint8Array([i, 255]), nested: { list: [i, null] } },
})
const RECORDS = Array.from({ length: 23 }, (_, i) => rec(i))
let loads = 0
const def = (o: Partial<BenchmarkDefinition> = {}): BenchmarkDefinition => ({
  key: 'supergpqa',
  load: async () => (loads++, RECORDS),
  score: async () => ({ isCorrect: null, metadata: {} }),
  ...o,
})
const ids = (rs: EvalRecord[]) => rs.map((r) => r.record_id)
const dir = () => mkdtempSync(join(tmpdir(), 'jarvis-plan-file-'))

describe('plan files', () => {
  test('each chunk file holds exactly what the worker would select for that chunk; no worker loads the dataset', async () => {
    const run = { ...BASE, maxSamples: 20, warmupSamples: 2 }
    const sel = await selectSamples(def(), run)
    const size = 6
    const files = writePlanFiles(dir(), 'run-0', chunksOf(sel, size))
    expect(files).toHaveLength(4)
    loads = 0
    for (const [index, planFile] of files.entries()) {
      const fromFile = await planSamples(def(), { ...run, chunk: { index, size }, planFile })
      const selected = await planSamples(def(), { ...run, chunk: { index, size } })
      expect(ids(fromFile.samples)).toEqual(ids(selected.samples))
      expect(ids(fromFile.warmup)).toEqual(ids(selected.warmup))
      expect(fromFile.selectedCount).toBe(20)
    }
    // Only the comparison runs (planFile: null) loaded it.
    expect(loads).toBe(files.length)
  })

  test('records come back as they were loaded (BigInt, Date, bytes)', async () => {
    const sel = await selectSamples(def(), { ...BASE, maxSamples: 5 })
    const [file] = writePlanFiles(dir(), 'x', chunksOf(sel, 10))
    expect(readPlanFile(file).selected).toEqual(sel.selected)
    expect(readPlanFile(file).selected[0].metadata.big).toBeTypeOf('bigint')
  })

  test('chunks partition the selection; warmup goes with the first', async () => {
    const sel = await selectSamples(def(), { ...BASE, warmupSamples: 3 })
    const chunks = chunksOf(sel, 5)
    expect(chunks.map((c) => c.selected.length)).toEqual([5, 5, 5, 5])
    expect(chunks.flatMap((c) => ids(c.selected))).toEqual(ids(sel.selected))
    expect(ids(chunks[0].warmup)).toEqual(ids(sel.warmup))
    expect(chunks.slice(1).every((c) => c.warmup.length === 0)).toBe(true)
    // An empty selection is still one (empty) chunk: its Vitest run registers "no samples to run".
    expect(chunksOf({ selected: [], warmup: [], selectedCount: 0 }, 5)).toHaveLength(1)
  })

  test('parts filter the chunk they are handed: every sample runs in exactly one part of one chunk', async () => {
    const run = { ...BASE }
    const sel = await selectSamples(def(), run)
    const files = writePlanFiles(dir(), 'p', chunksOf(sel, 7))
    const seen: string[] = []
    for (const [index, planFile] of files.entries())
      for (let p = 0; p < 3; p++) seen.push(...ids((await planSamples(def(), { ...run, chunk: { index, size: 7 }, planFile }, () => {}, { index: p, count: 3 })).samples))
    expect(seen.sort()).toEqual(ids(RECORDS).sort())
  })

  test('episode mode: a chunk carries the whole of each episode it touches, so samples find their earlier records', async () => {
    const episodic = def({ episode: (r) => String(r.metadata.ep) })
    const sel = await selectSamples(episodic, BASE)
    const chunks = chunksOf(sel, 4)
    for (const c of chunks) {
      const touched = new Set(c.selected.map((r) => String(r.metadata.ep)))
      expect(new Set(c.episodes!.keys())).toEqual(touched)
      for (const e of touched) expect(ids(c.episodes!.get(e)!)).toEqual(ids(sel.episodes!.get(e)!))
    }
    const [file] = writePlanFiles(dir(), 'e', [chunks[1]])
    const plan = await planSamples(episodic, { ...BASE, chunk: { index: 1, size: 4 }, planFile: file })
    expect(ids(plan.samples)).toEqual(ids(chunks[1].selected))
    expect(plan.episodes).toEqual(chunks[1].episodes)
  })
})
