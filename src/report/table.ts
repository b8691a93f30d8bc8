// Plain-text tables: aligned columns, a rule under the header, readable without colour or Unicode boxes.

export type Align = 'left' | 'right'

export interface TableOptions {
  /** Per column; default: right for cells that look numeric in every row, else left. */
  align?: Align[]
  /** A title line above the table. */
  title?: string
}

const looksNumeric = (s: string) => /^[-+]?[$]?[\d.,]+(e[-+]?\d+)?\s*(%|s|ms|J|W)?$/i.test(s.trim()) || s.trim() === '-'

/** Renders rows under headers; returns the lines (no trailing newline). */
export function renderTable(headers: string[], rows: string[][], opts: TableOptions = {}): string[] {
  const cols = headers.length
  const width = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const align = headers.map((_, i) => opts.align?.[i] ?? (rows.length > 0 && rows.every((r) => looksNumeric(r[i] ?? '')) ? 'right' : 'left'))
  const cell = (s: string, i: number) => (align[i] === 'right' ? s.padStart(width[i]) : s.padEnd(width[i]))
  const line = (r: string[]) =>
    Array.from({ length: cols }, (_, i) => cell(r[i] ?? '', i))
      .join('  ')
      .trimEnd()
  const out: string[] = []
  if (opts.title) out.push(opts.title)
  out.push(line(headers))
  out.push(width.map((w) => '-'.repeat(w)).join('  '))
  for (const r of rows) out.push(line(r))
  return out
}

/** "Key:   value" lines with the values aligned (the spec's summarize/report layout). */
export function renderKeyValues(pairs: [string, string][]): string[] {
  const w = Math.max(...pairs.map(([k]) => k.length + 1))
  return pairs.map(([k, v]) => `${`${k}:`.padEnd(w)}  ${v}`.trimEnd())
}
