import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { ResolvedRun } from '../config/resolved-run.ts'
import { selectRecords } from '../datasets/select.ts'
import { JarvisError } from '../core/errors.ts'
import type { BenchmarkDefinition } from '../core/benchmark.ts'
import type { EvalRecord } from '../core/record.ts'
import { episodeModeOn, episodeOf, groupByEpisode } from './episodes.ts'
import { readPlanFile } from './plan-file.ts'

export interface SamplePlan {
  /** Samples registered as tests in this Vitest run. */
  samples: EvalRecord[]
  /** Records used only to warm the engine: run first, untimed, never recorded, never scored. */
  warmup: EvalRecord[]
  /** Every selected sample of the run (all chunks), for counts. */
  selectedCount: number
  /** Episode mode: every selected record by episode, in dataset order (all chunks); samples come grouped so. */
  episodes?: Map<string, EvalRecord[]>
}

/** Every selected sample of a run, in run order (all chunks), and its warmup records: what preflight counts. */
export interface Selection {
  selected: EvalRecord[]
  warmup: EvalRecord[]
  selectedCount: number
  episodes?: Map<string, EvalRecord[]>
}

/** What a stored answer was scored against: the prompt and the reference. A changed dataset changes it. */
export const recordDigest = (r: EvalRecord): string => createHash('sha256').update(JSON.stringify([r.system ?? '', r.problem, r.reference])).digest('hex').slice(0, 16)

/** Each selected record id → recordDigest: what resume checks kept lines against. */
export const selectionDigests = (sel: Selection): Map<string, string> => new Map(sel.selected.map((r) => [r.record_id, recordDigest(r)]))

/**
 * This Vitest run's samples. From the records the CLI handed this chunk (run.planFile: written from preflight's
 * one load, so no worker loads or shuffles the dataset again), else selected here: load → shuffle with the
 * seed → … (selectSamples), then this run's chunk. Then the part, minus ids already complete (resume).
 */
export async function planSamples(def: BenchmarkDefinition, run: ResolvedRun, log: (m: string) => void = () => {}, part?: { index: number; count: number }): Promise<SamplePlan> {
  if (run.planFile) return sliceForRun(readPlanFile(run.planFile), def, run, part)
  const all = await selectSamples(def, run, log)
  return sliceForRun(run.chunk ? chunkOf(all, run.chunk) : all, def, run, part)
}

/**
 * Load → shuffle with the seed (not for an `ordered` benchmark) → record_ids → max_samples (after setting warmup
 * records apart, so no sample is evaluated twice as in OpenJarvis); in episode mode, grouped by episode.
 */
export async function selectSamples(def: BenchmarkDefinition, run: ResolvedRun, log: (m: string) => void = () => {}): Promise<Selection> {
  const hint = run.maxSamples !== null ? run.maxSamples + run.warmupSamples : undefined
  const all = await def.load({ split: run.split ?? undefined, subset: run.subset ?? undefined, seed: run.seed, maxSamples: hint, ...(run.recordIds ? { recordIds: run.recordIds } : {}), options: run.options ?? {}, log })
  assertUniqueIds(all, def.key)
  // An ordered benchmark (lifelong learning) keeps the dataset's order: its sequence is the protocol.
  const shuffle = !def.ordered
  const shuffled = selectRecords(all, { seed: run.seed, recordIds: run.recordIds ?? undefined, where: def.key, shuffle })
  let warmup: EvalRecord[]
  let selected: EvalRecord[]
  if (run.recordIds) {
    // Asked-for ids are all measured; warmup comes from the records that were not asked for.
    const asked = new Set(run.recordIds)
    warmup = selectRecords(all, { seed: run.seed, shuffle }).filter((r) => !asked.has(r.record_id)).slice(0, run.warmupSamples)
    selected = shuffled
  } else {
    warmup = shuffled.slice(0, run.warmupSamples)
    selected = shuffled.slice(run.warmupSamples)
  }
  if (run.maxSamples !== null) selected = selected.slice(0, run.maxSamples)
  const selectedCount = selected.length
  if (!episodeModeOn(def, run)) return { selected, warmup, selectedCount }
  // Episodes stay whole and in dataset order: chunks then cut between episodes, and parts split by episode.
  const episodes = groupByEpisode(def, selected, new Map(all.map((r, i) => [r.record_id, i])))
  return { selected: [...episodes.values()].flat(), warmup, selectedCount, episodes }
}

/**
 * One chunk of a selection: its slice of the samples, the warmup with the first chunk only, and (episode mode)
 * the whole of each episode it touches, so its samples still find their episode's earlier records.
 */
export function chunkOf(sel: Selection, chunk: { index: number; size: number }): Selection {
  const selected = sel.selected.slice(chunk.index * chunk.size, (chunk.index + 1) * chunk.size)
  let episodes: Map<string, EvalRecord[]> | undefined
  if (sel.episodes) {
    const here = new Set(selected.map((r) => r.record_id))
    episodes = new Map([...sel.episodes].filter(([, g]) => g.some((r) => here.has(r.record_id))))
  }
  return { selected, warmup: chunk.index === 0 ? sel.warmup : [], selectedCount: sel.selectedCount, ...(episodes ? { episodes } : {}) }
}

/** A selection cut in chunks of `size` samples (one at least: an empty run still has its Vitest run). */
export function chunksOf(sel: Selection, size: number): Selection[] {
  return Array.from({ length: Math.max(1, Math.ceil(sel.selected.length / size)) }, (_, index) => chunkOf(sel, { index, size }))
}

/** A (chunk of a) selection → what this Vitest run registers: its part, minus the ids already complete. */
function sliceForRun(sel: Selection, def: BenchmarkDefinition, run: ResolvedRun, part?: { index: number; count: number }): SamplePlan {
  let selected = sel.selected
  const partKey = (r: EvalRecord) => (sel.episodes ? episodeOf(def, r) : r.record_id)
  if (part && part.count > 1) selected = selected.filter((r) => partOf(partKey(r), part.count) === part.index)
  if (run.skipIdsFile) {
    const skip = new Set(readFileSync(run.skipIdsFile, 'utf8').split('\n').filter(Boolean))
    selected = selected.filter((r) => !skip.has(r.record_id))
  }
  return { samples: selected, warmup: sel.warmup, selectedCount: sel.selectedCount, ...(sel.episodes ? { episodes: sel.episodes } : {}) }
}

/** Which part file a record belongs to: a hash of its id, so parts are stable across seeds and runs. */
export const partOf = (recordId: string, count: number): number => createHash('sha256').update(recordId).digest().readUInt32BE(0) % count

function assertUniqueIds(records: EvalRecord[], key: string): void {
  const seen = new Set<string>()
  for (const r of records) {
    if (seen.has(r.record_id))
      throw new JarvisError('JARVIS_DATASET', `${key}: two records share the id "${r.record_id}"; record ids must be unique (fix the dataset or its id field).`)
    seen.add(r.record_id)
  }
}
