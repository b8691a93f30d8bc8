// LifelongAgentBench's parquet cells: its structured columns (table_info, answer_info, skill_list, the OS
// command items, the KG entity_dict / action_list / answer_list) are Python reprs of dicts and lists (the
// upstream convert_data.py reads them with ast.literal_eval); JSON text and already-parsed values work too.
import { parsePythonLiteral } from '../../src/datasets/python-literal.ts'

export function literalCell(v: unknown): unknown {
  if (typeof v !== 'string') return v ?? null
  const t = v.trim()
  if (!t) return null
  try {
    return JSON.parse(t)
  } catch {}
  try {
    return parsePythonLiteral(t)
  } catch {
    return t
  }
}

export const recordOf = (v: unknown): Record<string, unknown> | null => {
  const x = literalCell(v)
  return x && typeof x === 'object' && !Array.isArray(x) ? (x as Record<string, unknown>) : null
}

export const listOf = (v: unknown): unknown[] => {
  const x = literalCell(v)
  return Array.isArray(x) ? x : []
}

export const stringList = (v: unknown): string[] => listOf(v).map((x) => String(x))

/** Python's json.dumps(value) with its default separators (", ", ": ") and ensure_ascii, as the upstream prompt has it. */
export function pyJsonDumps(v: unknown): string {
  if (v === null || v === undefined) return 'null'
  if (typeof v === 'boolean') return v ? 'true' : 'false'
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : v > 0 ? 'Infinity' : v < 0 ? '-Infinity' : 'NaN'
  if (typeof v === 'string') return JSON.stringify(v).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
  if (Array.isArray(v)) return `[${v.map(pyJsonDumps).join(', ')}]`
  return `{${Object.entries(v as Record<string, unknown>).map(([k, x]) => `${pyJsonDumps(k)}: ${pyJsonDumps(x)}`).join(', ')}}`
}
