import { loadHubRows } from '../../src/datasets/hub.ts'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { buildPrompt } from './prompt.ts'
import { cellText } from '../../src/datasets/cell.ts'

export const DATASET = { repo: 'Salesforce/LiveResearchBench', config: 'question_with_checklist', split: 'test' } as const

/** A checklist cell: a JSON list, a JSON string, or newline-separated text (as OpenJarvis accepted). */
export function parseChecklistCell(cell: unknown): string[] {
  if (Array.isArray(cell)) return cell.map(cellText).filter(Boolean)
  const text = cellText(cell)
  if (!text) return []
  try {
    const v: unknown = JSON.parse(text)
    if (Array.isArray(v)) return v.map(cellText).filter(Boolean)
    if (typeof v === 'string') return v.trim() ? [v.trim()] : []
  } catch {
    // plain text
  }
  return text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean)
}

/** Fills the dataset's date placeholders ({{current_year}}, …) when only the templated text exists. */
export function fillPlaceholders(text: string, now = new Date()): string {
  const y = now.getUTCFullYear()
  const date = now.toISOString().slice(0, 10)
  return text
    .replace(/\{\{\s*current_year\s*\}\}|\{current_year\}/g, String(y))
    .replace(/\{\{\s*last_year\s*\}\}|\{last_year\}/g, String(y - 1))
    .replace(/\{\{\s*(?:current_date|date)\s*\}\}/g, date)
}

/**
 * Rows are one checklist item each; they are grouped by qid into one record per question. The
 * `*_no_placeholder` columns are preferred: they are fixed text, so a rerun next year asks the same question.
 */
export function groupRows(rows: Record<string, unknown>[]): EvalRecord[] {
  const byQid = new Map<string, { question: string; category: string; checklist: string[] }>()
  for (const row of rows) {
    const qid = cellText(row.qid)
    if (!qid) continue
    const entry = byQid.get(qid) ?? { question: cellText(row.question_no_placeholder) || fillPlaceholders(cellText(row.question)), category: cellText(row.category), checklist: [] }
    byQid.set(qid, entry)
    const cell = cellText(row.checklist_no_placeholder) ? row.checklist_no_placeholder : fillPlaceholders(cellText(row.checklist))
    for (const item of parseChecklistCell(cell)) if (!entry.checklist.includes(item)) entry.checklist.push(item)
  }
  const records: EvalRecord[] = []
  for (const [qid, e] of byQid) {
    if (!e.question) continue
    records.push({
      record_id: `liveresearchbench-${qid}`,
      problem: buildPrompt(e.question),
      reference: e.checklist.map((c, i) => `${i + 1}. ${c}`).join('\n'),
      category: 'reasoning',
      subject: e.category || 'general',
      metadata: { qid, question: e.question, checklist: e.checklist, hf_category: e.category },
    })
  }
  return records
}

export async function loadLiveResearchBench(ctx: LoadContext): Promise<EvalRecord[]> {
  const rows = await loadHubRows({ ...DATASET, config: ctx.subset ?? DATASET.config, split: ctx.split ?? DATASET.split }, undefined, { signal: ctx.signal })
  const records = groupRows(rows)
  const items = records.reduce((n, r) => n + (r.metadata.checklist as string[]).length, 0)
  ctx.log(`${records.length} research tasks with ${items} checklist items (from ${rows.length} rows)`)
  return records
}
