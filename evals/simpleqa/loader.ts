import { loadHubRows } from '../../src/datasets/hub.ts'
import { stableHash } from '../../src/datasets/select.ts'
import type { EvalRecord, LoadContext } from '../../src/harness/types.ts'
import { parsePythonLiteral } from '../../src/datasets/python-literal.ts'
import { buildPrompt } from './prompt.ts'

export const DATASET = { repo: 'basicv8vc/SimpleQA', split: 'test' } as const

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim())

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
  const question = str(row.problem) || str(row.question)
  const answer = str(row.answer)
  if (!question || !answer) return null
  const meta = parseMetadata(row.metadata)
  return {
    record_id: `simpleqa-${stableHash(question)}`,
    problem: buildPrompt(question),
    reference: answer,
    category: 'chat',
    subject: str(meta.topic) || 'general',
    metadata: { ...meta, question, topic: str(meta.topic), answer_type: str(meta.answer_type) },
  }
}

export async function loadSimpleQa(ctx: LoadContext): Promise<EvalRecord[]> {
  const rows = await loadHubRows({ ...DATASET, split: ctx.split ?? DATASET.split }, undefined, { signal: ctx.signal })
  const records: EvalRecord[] = []
  const seen = new Set<string>()
  for (const row of rows) {
    const r = toRecord(row)
    if (r && !seen.has(r.record_id)) {
      seen.add(r.record_id)
      records.push(r)
    }
  }
  if (records.length < rows.length) ctx.log(`${rows.length - records.length} rows without question or answer, or repeating a question, were dropped`)
  return records
}
