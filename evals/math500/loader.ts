import { loadHubRows } from '../../src/datasets/hub.ts'
import { stableHash } from '../../src/datasets/select.ts'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { buildPrompt } from './prompt.ts'
import { cellText } from '../../src/datasets/cell.ts'

export const DATASET = { repo: 'HuggingFaceH4/MATH-500', split: 'test' } as const

/** "test/precalculus/807.json" → "precalculus-807": the dataset's own id, without the path noise. */
export const idFromUniqueId = (uniqueId: string): string => uniqueId.replace(/^test\//, '').replace(/\.json$/, '').replace(/[^\w.-]+/g, '-')

/** One MATH-500 row → record. OpenJarvis's id was the row position after shuffling; this one is stable. */
export function toRecord(row: Record<string, unknown>): EvalRecord | null {
  const problem = cellText(row.problem) || cellText(row.question)
  const answer = cellText(row.answer)
  if (!problem || !answer) return null
  const uniqueId = cellText(row.unique_id)
  return {
    record_id: `math500-${uniqueId ? idFromUniqueId(uniqueId) : stableHash(problem)}`,
    problem: buildPrompt(problem),
    reference: answer,
    category: 'reasoning',
    subject: cellText(row.subject) || cellText(row.type) || 'Mathematics',
    metadata: { question: problem, level: row.level ?? null, unique_id: uniqueId || null },
  }
}

export async function loadMath500(ctx: LoadContext): Promise<EvalRecord[]> {
  const rows = await loadHubRows({ ...DATASET, split: ctx.split ?? DATASET.split }, undefined, { signal: ctx.signal })
  const records = rows.map(toRecord).filter((r): r is EvalRecord => r !== null)
  if (records.length < rows.length) ctx.log(`${rows.length - records.length} rows without problem or answer were dropped`)
  return records
}
