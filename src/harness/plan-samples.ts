import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { ResolvedRun } from '../config/resolved-run.ts'
import { selectRecords } from '../datasets/select.ts'
import { JarvisError } from '../core/errors.ts'
import type { BenchmarkDefinition } from '../core/benchmark.ts'
import type { EvalRecord } from '../core/record.ts'
import { episodeModeOn, episodeOf, groupByEpisode } from './episodes.ts'

export interface SamplePlan {
  /** Samples registered as tests in this Vitest run. */
  samples: EvalRecord[]
  /** Records used only to warm the engine: run first, untimed, never recorded, never scored. */
  warmup: EvalRecord[]
  /** Every selected sample of the run (all chunks), for counts. */
  selectedCount: number
  /** With `{ digests: true }`: each selected record id → recordDigest (what resume checks kept lines against). */
  selection?: Map<string, string>
  /** Episode mode: every selected record by episode, in dataset order (all chunks); samples come grouped so. */
  episodes?: Map<string, EvalRecord[]>
}

/** What a stored answer was scored against: the prompt and the reference. A changed dataset changes it. */
export const recordDigest = (r: EvalRecord): string => createHash('sha256').update(JSON.stringify([r.system ?? '', r.problem, r.reference])).digest('hex').slice(0, 16)

/**
 * Load → shuffle with the seed (not for an `ordered` benchmark) → record_ids → max_samples (after setting warmup records apart, so no sample is
 * evaluated twice as in OpenJarvis) → this Vitest run's chunk → minus ids already complete (resume).
 */
export async function planSamples(def: BenchmarkDefinition, run: ResolvedRun, log: (m: string) => void = () => {}, part?: { index: number; count: number }, o: { digests?: boolean } = {}): Promise<SamplePlan> {
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
  let episodes: Map<string, EvalRecord[]> | undefined
  if (episodeModeOn(def, run)) {
    // Episodes stay whole and in dataset order: chunks then cut between episodes, and parts split by episode.
    episodes = groupByEpisode(def, selected, new Map(all.map((r, i) => [r.record_id, i])))
    selected = [...episodes.values()].flat()
  }
  const selection = o.digests ? new Map(selected.map((r) => [r.record_id, recordDigest(r)])) : undefined
  const partKey = (r: EvalRecord) => (episodes ? episodeOf(def, r) : r.record_id)
  if (part && part.count > 1) selected = selected.filter((r) => partOf(partKey(r), part.count) === part.index)
  if (run.chunk) selected = selected.slice(run.chunk.index * run.chunk.size, (run.chunk.index + 1) * run.chunk.size)
  if (run.skipIdsFile) {
    const skip = new Set(readFileSync(run.skipIdsFile, 'utf8').split('\n').filter(Boolean))
    selected = selected.filter((r) => !skip.has(r.record_id))
  }
  return { samples: selected, warmup: run.chunk && run.chunk.index > 0 ? [] : warmup, selectedCount, ...(episodes ? { episodes } : {}), ...(selection ? { selection } : {}) }
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
