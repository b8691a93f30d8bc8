// Checklist judging: one judge call rates every item of a checklist against a response.
//
//   parseChecklist(text, n): ChecklistParse            numbered "1. yes — reason" lines or JSON {judgments: […]}
//   buildChecklistMessages({ context, response, items }): ChatMessage[]   the numbered-lines prompt
//   checklistCoverage(parse): { covered, coverage }    missing items count as not covered
//
// OpenJarvis's two parsers each read one format (use-case scorers the lines, LiveResearchBench the FIRST JSON
// candidate, which is the example of the prompt when the judge echoes it). Here both formats are read, the
// LAST JSON candidate with judgments wins, and the last line for an item wins.
import type { ChatMessage } from '../../core/messages.ts'
import { jsonCandidates } from './json-reply.ts'
export interface ChecklistItemVerdict {
  /** 1-based, in the order of the checklist. */
  index: number
  /** null: the judge said nothing usable about this item. */
  covered: boolean | null
  reason: string
}

export interface ChecklistParse {
  items: ChecklistItemVerdict[]
  format: 'json' | 'lines' | 'none'
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', 'covered', '1', 'pass', 'passed', 'met', 'satisfied'])
const FALSE_WORDS = new Set(['false', 'no', 'n', 'not covered', 'uncovered', '0', 'fail', 'failed', 'not met', 'partially', 'partial', 'partially covered'])

function coveredValue(v: unknown): boolean | null {
  if (typeof v === 'boolean') return v
  if (typeof v === 'number') return v === 1 ? true : v === 0 ? false : null
  if (typeof v !== 'string') return null
  const w = v.trim().toLowerCase().replace(/[.!]$/, '')
  return TRUE_WORDS.has(w) ? true : FALSE_WORDS.has(w) ? false : null
}

export function parseChecklist(text: string, n: number): ChecklistParse {
  const raw = text ?? ''
  const fromJson = parseJson(raw, n)
  const found = fromJson ?? parseLines(raw, n)
  const format = fromJson ? 'json' : found.size > 0 ? 'lines' : 'none'
  const items = Array.from({ length: n }, (_, i) => found.get(i + 1) ?? { index: i + 1, covered: null, reason: '' })
  return { items, format }
}

function parseJson(raw: string, n: number): Map<number, ChecklistItemVerdict> | null {
  let best: Map<number, ChecklistItemVerdict> | null = null
  for (const candidate of jsonCandidates(raw)) {
    let value: unknown
    try {
      value = JSON.parse(candidate)
    } catch {
      continue
    }
    const list = Array.isArray(value) ? value : value && typeof value === 'object' ? ((value as Record<string, unknown>).judgments ?? (value as Record<string, unknown>).items) : null
    if (!Array.isArray(list)) continue
    const map = new Map<number, ChecklistItemVerdict>()
    list.forEach((item, pos) => {
      if (!item || typeof item !== 'object') return
      const o = item as Record<string, unknown>
      const index = o.index === undefined ? pos + 1 : Number(o.index)
      if (!Number.isInteger(index) || index < 1 || index > n) return
      map.set(index, { index, covered: coveredValue(o.covered ?? o.passed ?? o.verdict ?? o.answer), reason: String(o.reason ?? o.reasoning ?? '') })
    })
    if (map.size > 0) best = map // the last candidate wins: an echoed example comes first
  }
  return best
}

const LINE = /^\s*(?:[-*>]\s*)?(?:\*\*)?\s*(?:item\s*)?(\d+)\s*[.):\]]?\s*(?:\*\*)?\s*[:\-–—]?\s*(?:\*\*)?\s*(yes|no|true|false|covered|not\s+covered|pass|fail)\b(?:\*\*)?\s*[.,:;\-–—]*\s*(.*)$/i

function parseLines(raw: string, n: number): Map<number, ChecklistItemVerdict> {
  const map = new Map<number, ChecklistItemVerdict>()
  for (const line of raw.split(/\r?\n/)) {
    const m = LINE.exec(line)
    if (!m) continue
    const index = Number(m[1])
    if (index < 1 || index > n) continue
    map.set(index, { index, covered: coveredValue(m[2].replace(/\s+/g, ' ')), reason: m[3].replace(/\*\*/g, '').trim() })
  }
  return map
}

export function checklistCoverage(parse: ChecklistParse): { covered: number; coverage: number } {
  const covered = parse.items.filter((i) => i.covered === true).length
  return { covered, coverage: parse.items.length ? covered / parse.items.length : 1 }
}

export const CHECKLIST_SYSTEM = 'You are a careful evaluator. For each checklist item, answer YES or NO.'

/**
 * The numbered-lines checklist prompt (use-case benchmarks). Context and response are cut at 1000 and 3000
 * characters as OpenJarvis did, unless the benchmark needs the judge to see more (a long report's last section).
 */
export function buildChecklistMessages(opts: { context: string; response: string; items: string[]; contextChars?: number; responseChars?: number }): ChatMessage[] {
  const numbered = opts.items.map((item, i) => `${i + 1}. ${item}`).join('\n')
  const user = [
    'Check an AI response against a list of yes/no criteria.',
    'For each numbered criterion, decide whether the response meets it and give a short reason.',
    '',
    'The task given to the AI:',
    opts.context.slice(0, opts.contextChars ?? 1000),
    '',
    'The AI response:',
    opts.response.slice(0, opts.responseChars ?? 3000),
    '',
    'Criteria:',
    numbered,
    '',
    'Reply with one line per criterion, exactly in this form:',
    '<number>. <yes or no> — <short reason>',
  ].join('\n')
  return [
    { role: 'system', content: CHECKLIST_SYSTEM },
    { role: 'user', content: user },
  ]
}
