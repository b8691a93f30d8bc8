import { loadHubRows } from '../../src/datasets/hub.ts'
import { stableHash } from '../../src/datasets/select.ts'
import type { EvalRecord, LoadContext } from '../../src/harness/types.ts'
import { buildPrompt } from './prompt.ts'

export const DATASET = { repo: 'facebook/natural_reasoning', split: 'train' } as const
/** Up to this many samples, only the first parquet shard is read: the split has 1.15M rows (about 4 GB). */
export const FIRST_SHARD_UP_TO = 2000

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim())

/**
 * One row → record, or null without a reference. The dataset has no id column, so the id is a hash of the
 * question. OpenJarvis read `answer`/`solution`, which this dataset does not have, and so loaded no record.
 */
export function toRecord(row: Record<string, unknown>): EvalRecord | null {
  const question = str(row.question) || str(row.problem)
  const reference = str(row.reference_answer)
  if (!question || !reference) return null
  return {
    record_id: `natural-reasoning-${stableHash(question)}`,
    problem: buildPrompt(question),
    reference,
    category: 'reasoning',
    subject: str(row.category) || str(row.field) || str(row.source) || 'General',
    metadata: { question },
  }
}

export async function loadNaturalReasoning(ctx: LoadContext): Promise<EvalRecord[]> {
  const split = ctx.split ?? DATASET.split
  const firstShard = ctx.maxSamples !== undefined && ctx.maxSamples <= FIRST_SHARD_UP_TO
  const ref = firstShard
    ? { repo: DATASET.repo, split, revision: 'refs/convert/parquet', files: [`default/${split}/0000.parquet`] }
    : { repo: DATASET.repo, split }
  if (firstShard) ctx.log(`reading only the first parquet shard of ${split} (max_samples ≤ ${FIRST_SHARD_UP_TO})`)
  const rows = await loadHubRows(ref, undefined, { signal: ctx.signal })
  const records: EvalRecord[] = []
  const seen = new Set<string>()
  let noReference = 0
  let duplicates = 0
  for (const row of rows) {
    const r = toRecord(row)
    if (!r) noReference++
    else if (seen.has(r.record_id)) duplicates++
    else {
      seen.add(r.record_id)
      records.push(r)
    }
  }
  if (noReference > 0) ctx.log(`${noReference} of ${rows.length} rows have no reference_answer and were dropped`)
  if (duplicates > 0) ctx.log(`${duplicates} rows repeat an earlier question and were dropped`)
  return records
}
