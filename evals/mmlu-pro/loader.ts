import { loadHubRows } from '../../src/datasets/hub.ts'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { LETTERS } from '../../src/scoring/mcq.ts'
import { buildPrompt } from './prompt.ts'
import { cellRaw } from '../../src/datasets/cell.ts'

export const DATASET = { repo: 'TIGER-Lab/MMLU-Pro', split: 'test' } as const

/**
 * One MMLU-Pro row → record. Empty or "N/A" options are dropped before lettering and the reference is
 * re-derived from answer_index, so letters never shift against the answer (OpenJarvis could misalign).
 */
export function toRecord(row: Record<string, unknown>): EvalRecord | null {
  const question = cellRaw(row.question).trim()
  const raw = Array.isArray(row.options) ? row.options.map(cellRaw) : []
  const answerIndex = Number(row.answer_index ?? LETTERS.indexOf(cellRaw(row.answer).trim().toUpperCase()))
  if (!question || raw.length === 0 || !(answerIndex >= 0 && answerIndex < raw.length)) return null
  const kept = raw.map((o, i) => ({ o: o.trim(), i })).filter((x) => x.o !== '' && x.o !== 'N/A')
  const pos = kept.findIndex((x) => x.i === answerIndex)
  if (pos < 0) return null
  const options = kept.map((x) => x.o)
  return {
    record_id: `mmlu-pro-${cellRaw(row.question_id)}`,
    problem: buildPrompt(question, options),
    reference: LETTERS[pos],
    category: 'reasoning',
    subject: cellRaw(row.category) || 'general',
    metadata: { question_id: row.question_id, answer_index: answerIndex, src: cellRaw(row.src), options },
  }
}

export async function loadMmluPro(ctx: LoadContext): Promise<EvalRecord[]> {
  const rows = await loadHubRows({ ...DATASET, split: ctx.split ?? DATASET.split }, undefined, { signal: ctx.signal })
  const records = rows.map(toRecord).filter((r): r is EvalRecord => r !== null)
  if (records.length < rows.length) ctx.log(`${rows.length - records.length} rows without question, options or a valid answer were dropped`)
  return records
}
