import { loadHubRows } from '../../src/datasets/hub.ts'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { buildPrompt } from './prompt.ts'
import { cellRaw } from '../../src/datasets/cell.ts'

export const DATASET = { repo: 'm-a-p/SuperGPQA', split: 'train' } as const

/** One SuperGPQA row → record. The id is the dataset's uuid (OpenJarvis used the position after shuffling). */
export function toRecord(row: Record<string, unknown>): EvalRecord | null {
  const question = cellRaw(row.question).trim()
  const options = Array.isArray(row.options) ? row.options.map(cellRaw) : []
  const letter = cellRaw(row.answer_letter).trim().toUpperCase()
  if (!question || options.length === 0 || !letter) return null
  const subject = cellRaw(row.subfield) || cellRaw(row.field) || cellRaw(row.discipline) || 'general'
  return {
    record_id: `supergpqa-${cellRaw(row.uuid)}`,
    problem: buildPrompt(question, options),
    reference: letter,
    category: 'reasoning',
    subject,
    metadata: {
      uuid: cellRaw(row.uuid),
      discipline: cellRaw(row.discipline),
      field: cellRaw(row.field),
      subfield: cellRaw(row.subfield),
      difficulty: cellRaw(row.difficulty),
      is_calculation: Boolean(row.is_calculation),
      answer_text: cellRaw(row.answer),
      options,
    },
  }
}

export async function loadSuperGpqa(ctx: LoadContext): Promise<EvalRecord[]> {
  const rows = await loadHubRows({ ...DATASET, split: ctx.split ?? DATASET.split }, undefined, { signal: ctx.signal })
  const records = rows.map(toRecord).filter((r): r is EvalRecord => r !== null)
  if (records.length < rows.length) ctx.log(`${rows.length - records.length} rows without question, options or answer_letter were dropped`)
  return records
}
