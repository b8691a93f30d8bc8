import { loadHubRows } from '../../src/datasets/hub.ts'
import { stableHash } from '../../src/datasets/select.ts'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { parsePythonLiteral } from '../../src/datasets/python-literal.ts'
import { buildPrompt } from './prompt.ts'
import { cellText } from '../../src/datasets/cell.ts'
import { DistinctRecords } from '../../src/datasets/distinct-records.ts'

export const DATASET = { repo: 'basicv8vc/SimpleQA', split: 'test' } as const

/** The `metadata` column: a Python dict literal as text ("{'topic': 'Art', 'answer_type': 'Person', 'urls': [...]}"). */
export function parseMetadata(raw: unknown): Record<string, unknown> {
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) return raw as Record<string, unknown>
  if (typeof raw !== 'string' || !raw.trim()) return {}
  try {
    const v = parsePythonLiteral(raw)
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** One row → record. SimpleQA has no id column: the id is a hash of the question. */
export function toRecord(row: Record<string, unknown>): EvalRecord | null {
  const question = cellText(row.problem) || cellText(row.question)
  const answer = cellText(row.answer)
  if (!question || !answer) return null
  const meta = parseMetadata(row.metadata)
  return {
    record_id: `simpleqa-${stableHash(question)}`,
    problem: buildPrompt(question),
    reference: answer,
    category: 'chat',
    subject: cellText(meta.topic) || 'general',
    metadata: { ...meta, question, topic: cellText(meta.topic), answer_type: cellText(meta.answer_type) },
  }
}

export async function loadSimpleQa(ctx: LoadContext): Promise<EvalRecord[]> {
  const rows = await loadHubRows({ ...DATASET, split: ctx.split ?? DATASET.split }, undefined, { signal: ctx.signal })
  const records = new DistinctRecords(toRecord).take(rows)
  if (records.length < rows.length) ctx.log(`${rows.length - records.length} rows without question or answer, or repeating a question, were dropped`)
  return records
}
