import { loadHubRows } from '../../src/datasets/hub.ts'
import type { EvalRecord, LoadContext } from '../../src/harness/types.ts'
import { buildPrompt } from './prompt.ts'

export const DATASET = { repo: 'm-a-p/SuperGPQA', split: 'train' } as const

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v))

/** One SuperGPQA row → record. The id is the dataset's uuid (OpenJarvis used the position after shuffling). */
export function toRecord(row: Record<string, unknown>): EvalRecord | null {
  const question = str(row.question).trim()
  const options = Array.isArray(row.options) ? row.options.map(str) : []
  const letter = str(row.answer_letter).trim().toUpperCase()
  if (!question || options.length === 0 || !letter) return null
  const subject = str(row.subfield) || str(row.field) || str(row.discipline) || 'general'
  return {
    record_id: `supergpqa-${str(row.uuid)}`,
    problem: buildPrompt(question, options),
    reference: letter,
    category: 'reasoning',
    subject,
    metadata: {
      uuid: str(row.uuid),
      discipline: str(row.discipline),
      field: str(row.field),
      subfield: str(row.subfield),
      difficulty: str(row.difficulty),
      is_calculation: Boolean(row.is_calculation),
      answer_text: str(row.answer),
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
