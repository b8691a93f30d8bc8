import { stableHash } from '../../src/datasets/select.ts'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { buildPrompt } from './prompt.ts'
import { readShardsUntil } from '../../src/datasets/read-shards.ts'
import { cellText } from '../../src/datasets/cell.ts'
import { DistinctRecords } from '../../src/datasets/distinct-records.ts'

/** About 1.15M rows (4 GB): with max_samples set, only enough parquet shards are read (read-shards.ts). */
export const DATASET = { repo: 'facebook/natural_reasoning', split: 'train' } as const

/**
 * One row → record, or null without a reference. The dataset has no id column, so the id is a hash of the
 * question. OpenJarvis read `answer`/`solution`, which this dataset does not have, and so loaded no record.
 */
export function toRecord(row: Record<string, unknown>): EvalRecord | null {
  const question = cellText(row.question) || cellText(row.problem)
  const reference = cellText(row.reference_answer)
  if (!question || !reference) return null
  return {
    record_id: `natural-reasoning-${stableHash(question)}`,
    problem: buildPrompt(question),
    reference,
    category: 'reasoning',
    subject: cellText(row.category) || cellText(row.field) || cellText(row.source) || 'General',
    metadata: { question },
  }
}

export async function loadNaturalReasoning(ctx: LoadContext): Promise<EvalRecord[]> {
  const distinct = new DistinctRecords(toRecord)
  const records = await readShardsUntil({ repo: DATASET.repo, split: ctx.split ?? DATASET.split, ctx, toRecords: (batch) => distinct.take(batch) })
  if (distinct.unusable > 0) ctx.log(`${distinct.unusable} of ${distinct.rows} rows have no reference_answer and were dropped`)
  if (distinct.duplicates > 0) ctx.log(`${distinct.duplicates} rows repeat an earlier question and were dropped`)
  return records
}
