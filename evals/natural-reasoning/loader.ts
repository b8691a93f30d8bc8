import { stableHash } from '../../src/datasets/select.ts'
import type { EvalRecord, LoadContext } from '../../src/harness/types.ts'
import { buildPrompt } from './prompt.ts'
import { readShardsUntil } from '../../src/datasets/read-shards.ts'

/** About 1.15M rows (4 GB): with max_samples set, only enough parquet shards are read (read-shards.ts). */
export const DATASET = { repo: 'facebook/natural_reasoning', split: 'train' } as const

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
  const seen = new Set<string>()
  let rows = 0
  let noReference = 0
  let duplicates = 0
  const toRecords = (batch: Record<string, unknown>[]) => {
    const out: EvalRecord[] = []
    for (const row of batch) {
      rows++
      const r = toRecord(row)
      if (!r) noReference++
      else if (seen.has(r.record_id)) duplicates++
      else {
        seen.add(r.record_id)
        out.push(r)
      }
    }
    return out
  }
  const records = await readShardsUntil({ repo: DATASET.repo, split: ctx.split ?? DATASET.split, ctx, toRecords })
  if (noReference > 0) ctx.log(`${noReference} of ${rows} rows have no reference_answer and were dropped`)
  if (duplicates > 0) ctx.log(`${duplicates} rows repeat an earlier question and were dropped`)
  return records
}
