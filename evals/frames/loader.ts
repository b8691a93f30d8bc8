import { loadHubRows } from '../../src/datasets/hub.ts'
import { stableHash } from '../../src/datasets/select.ts'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { buildPrompt } from './prompt.ts'
import { parsePythonLiteral } from '../../src/datasets/python-literal.ts'
import { cellText } from '../../src/datasets/cell.ts'

export const DATASET = { repo: 'google/frames-benchmark', split: 'test' } as const

/**
 * `wiki_links` is a stringified Python list ("['https://…', '…']"). OpenJarvis split it on commas, so the
 * links kept their brackets and quotes (openjarvis-evals.md §10.19); here it is parsed as a literal, with
 * the wikipedia_link_N columns as a fallback.
 */
export function parseWikiLinks(row: Record<string, unknown>): string[] {
  const raw = row.wiki_links
  let links: string[] = []
  if (Array.isArray(raw)) links = raw.map(cellText)
  else if (typeof raw === 'string' && raw.trim()) {
    try {
      const v = parsePythonLiteral(raw)
      links = Array.isArray(v) ? v.map(cellText) : [cellText(v)]
    } catch {
      links = raw.match(/https?:\/\/[^\s'",\]]+/g) ?? raw.split(',').map((s) => s.trim())
    }
  }
  if (links.filter(Boolean).length === 0) {
    links = Object.keys(row)
      .filter((k) => /^wikipedia_link_\d+/.test(k))
      .sort((a, b) => parseInt(a.slice(15), 10) - parseInt(b.slice(15), 10))
      .map((k) => cellText(row[k]))
  }
  return [...new Set(links.filter(Boolean))]
}

/** "Numerical reasoning | Multiple constraints" → its types, so one combination is one per_subject key. */
export function reasoningTypes(raw: unknown): string[] {
  const parts = Array.isArray(raw) ? raw.map(cellText) : cellText(raw).split('|').map((s) => s.trim())
  return [...new Set(parts.filter(Boolean))].sort()
}

/** One row → record; the id is the dataset's own index column ("Unnamed: 0"). */
export function toRecord(row: Record<string, unknown>): EvalRecord | null {
  const question = cellText(row.Prompt)
  const answer = cellText(row.Answer)
  if (!question || !answer) return null
  const index = row['Unnamed: 0']
  const types = reasoningTypes(row.reasoning_types)
  const links = parseWikiLinks(row)
  return {
    record_id: `frames-${typeof index === 'number' || (typeof index === 'string' && /^\d+$/.test(index)) ? index : stableHash(question)}`,
    problem: buildPrompt(question, links),
    reference: answer,
    category: 'rag',
    // the spec keys per_subject by "reasoning type(s)": the row's combination, in a canonical order
    subject: types.join(' | ') || 'general',
    metadata: { question, index: index ?? null, reasoning_types: types, wiki_links: links },
  }
}

export async function loadFrames(ctx: LoadContext): Promise<EvalRecord[]> {
  const rows = await loadHubRows({ ...DATASET, split: ctx.split ?? DATASET.split }, undefined, { signal: ctx.signal })
  const records = rows.map(toRecord).filter((r): r is EvalRecord => r !== null)
  if (records.length < rows.length) ctx.log(`${rows.length - records.length} rows without Prompt or Answer were dropped`)
  return records
}
