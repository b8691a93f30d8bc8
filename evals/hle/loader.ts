import { loadHubRows } from '../../src/datasets/hub.ts'
import { stableHash } from '../../src/datasets/select.ts'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { SYSTEM_PROMPT } from './prompt.ts'
import { cellText } from '../../src/datasets/cell.ts'

export const DATASET = { repo: 'cais/hle', split: 'test' } as const

/** Columns whose content makes a row multimodal (image_preview is the decoded image of `image`). */
const MEDIA = ['image', 'image_path', 'images', 'image_preview', 'audio', 'audio_path', 'audios'] as const

const present = (v: unknown): boolean => (typeof v === 'string' ? v.trim() !== '' : Array.isArray(v) ? v.length > 0 : v !== null && v !== undefined)

export const isMultimodal = (row: Record<string, unknown>): boolean => MEDIA.some((k) => present(row[k]))

/** One text-only HLE row → record; the id is HLE's own `id` (OpenJarvis used the row position). */
export function toRecord(row: Record<string, unknown>): EvalRecord | null {
  const question = cellText(row.question)
  const answer = cellText(row.answer)
  if (!question || !answer || isMultimodal(row)) return null
  const id = cellText(row.id) || stableHash(question)
  return {
    record_id: `hle-${id}`,
    problem: question,
    system: SYSTEM_PROMPT,
    reference: answer,
    category: 'reasoning',
    subject: cellText(row.category) || cellText(row.subject) || 'general',
    metadata: { question, task_id: id, answer_type: cellText(row.answer_type), raw_subject: cellText(row.raw_subject) },
  }
}

export async function loadHle(ctx: LoadContext): Promise<EvalRecord[]> {
  const rows = await loadHubRows({ ...DATASET, split: ctx.split ?? DATASET.split }, undefined, { signal: ctx.signal })
  const media = rows.filter(isMultimodal).length
  const records = rows.map(toRecord).filter((r): r is EvalRecord => r !== null)
  if (media > 0) ctx.log(`${media} of ${rows.length} rows have an image or audio and are skipped (text-only)`)
  const empty = rows.length - media - records.length
  if (empty > 0) ctx.log(`${empty} rows without question or answer were dropped`)
  return records
}
