// Reading a huge split shard by shard, stopping once enough records are in hand (LoadContext.maxSamples is a
// hint that loaders of huge datasets may stop early). Used by natural-reasoning (≈1.15M rows, 4 GB) and
// wildchat (≈1M conversations, 19 shards of ≈230 MB).
//
//   readShardsUntil({ repo, split, want, toRecords, ctx }): Promise<EvalRecord[]>
//
// Shards are the parquet conversion's default/<split>/0000.parquet, 0001.parquet, …; reading stops when
// `want` records are in hand or the next shard does not exist. The harness then shuffles this pool with the
// seed, so a pool several times max_samples keeps seeds meaningful. Without a hint the whole split is read.
import { isJarvisError } from '../core/errors.ts'
import { loadHubRows } from './hub.ts'

/** What the reader needs of a loader's context. */
export interface ShardReadContext {
  maxSamples?: number
  signal?: AbortSignal
  log(message: string): void
}

/** The pool read for max_samples = n: this many times n records (so the seeded shuffle still chooses). */
export const POOL_FACTOR = 4

export async function readShardsUntil<T>(opts: {
  repo: string
  split: string
  ctx: ShardReadContext
  /** Rows → new records (the caller filters and de-duplicates). */
  toRecords: (rows: Record<string, unknown>[]) => T[]
}): Promise<T[]> {
  const { repo, split, ctx } = opts
  if (ctx.maxSamples === undefined) return opts.toRecords(await loadHubRows({ repo, split }, undefined, { signal: ctx.signal }))
  const want = ctx.maxSamples * POOL_FACTOR
  const records: T[] = []
  let shard = 0
  for (; records.length < want; shard++) {
    const path = `default/${split}/${String(shard).padStart(4, '0')}.parquet`
    let rows: Record<string, unknown>[]
    try {
      rows = await loadHubRows({ repo, split, revision: 'refs/convert/parquet', files: [path] }, undefined, { signal: ctx.signal })
    } catch (e) {
      // past the last shard (or, offline, past the cached ones): keep what was read
      if (shard > 0 && isJarvisError(e) && e.code === 'JARVIS_DATASET') break
      throw e
    }
    records.push(...opts.toRecords(rows))
  }
  ctx.log(`read ${shard} parquet shard(s) of ${split} for max_samples ${ctx.maxSamples} (${records.length} records in the pool)`)
  return records
}
