// PaperArena: Melmaphother/PaperArena-Data. The question files are the repo's JSON / JSON Lines under qa/ (all
// of its JSON files when it has no qa/ folder), read whole: an item is {question_id, question_type MC|CA|OA,
// difficulty, question, context, answer, options (a list or a {"A": …} map), minimal_tool_chain}. Items without
// a question are skipped. Record ids paperarena-<question_id>; subject <difficulty>_<type> (e.g. hard_mc).
import { readFile } from 'node:fs/promises'
import { JarvisError } from '../../src/core/errors.ts'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { cellText } from '../../src/datasets/cell.ts'
import { loadHubSnapshot } from '../../src/datasets/hub-snapshot.ts'
import { readJsonlRows } from '../../src/datasets/jsonl.ts'
import type { Row } from '../../src/datasets/parquet.ts'
import { stableHash } from '../../src/datasets/select.ts'
import { LETTERS } from '../../src/scoring/mcq.ts'
import { buildPrompt } from './prompt.ts'

export const REPO = 'Melmaphother/PaperArena-Data'
const JSON_FILE = /\.(json|jsonl)$/i

/** Options in letter order; a map keyed by letters is sorted by its keys. */
export function optionsOf(v: unknown): string[] | null {
  if (Array.isArray(v)) return v.map(cellText)
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>)
    if (!entries.every(([k]) => /^[A-Z]$/i.test(k.trim()))) return entries.map(([k, x]) => `${k}: ${cellText(x)}`)
    return entries.sort(([a], [b]) => a.localeCompare(b)).map(([, x]) => cellText(x))
  }
  return null
}

export function toRecord(item: Row): EvalRecord | null {
  const question = cellText(item.question).trim()
  if (!question) return null
  const type = (cellText(item.question_type ?? item.type).trim() || 'OA').toUpperCase()
  const difficulty = (cellText(item.difficulty).trim() || 'medium').toLowerCase()
  const context = cellText(item.context ?? item.paper_context).trim()
  const options = type === 'MC' ? optionsOf(item.options) : null
  const id = cellText(item.question_id ?? item.id).trim() || stableHash(question)
  return {
    record_id: `paperarena-${id}`,
    problem: buildPrompt(context, question, options),
    reference: cellText(item.answer ?? item.reference).trim(),
    category: 'agentic',
    subject: `${difficulty}_${type.toLowerCase()}`,
    metadata: {
      question_id: id,
      question_type: type,
      difficulty,
      question,
      options: options ?? [],
      valid_letters: options ? LETTERS.slice(0, options.length) : '',
      minimal_tool_chain: Array.isArray(item.minimal_tool_chain) ? item.minimal_tool_chain : [],
    },
  }
}

async function itemsOf(path: string): Promise<Row[]> {
  if (/\.jsonl$/i.test(path)) return readJsonlRows(path)
  let v: unknown
  try {
    v = JSON.parse(await readFile(path, 'utf8'))
  } catch (e) {
    throw new JarvisError('JARVIS_DATASET', `${path}: invalid JSON (${(e as Error).message}).`)
  }
  return (Array.isArray(v) ? v : [v]).filter((x): x is Row => !!x && typeof x === 'object' && !Array.isArray(x))
}

export async function loadPaperArena(ctx: LoadContext): Promise<EvalRecord[]> {
  const snap = await loadHubSnapshot(
    { repo: REPO, include: (p) => JSON_FILE.test(p), choose: (ps) => (ps.some((p) => p.startsWith('qa/')) ? ps.filter((p) => p.startsWith('qa/')) : ps), what: 'question files (qa/*.json, *.jsonl)' },
    undefined,
    { signal: ctx.signal },
  )
  const records: EvalRecord[] = []
  let items = 0
  for (const f of snap.files) {
    for (const item of await itemsOf(f.local)) {
      items++
      const r = toRecord(item)
      if (r) records.push(r)
    }
  }
  if (records.length < items) ctx.log(`${items - records.length} items without a question were skipped`)
  return records
}
