/** A plain box table (no colour, readable in logs and CI). */
export function renderTable(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((r) => r.map(String))]
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)))
  const line = (l: string, m: string, r: string) => l + widths.map((w) => '─'.repeat(w + 2)).join(m) + r
  const row = (r: string[]) => '│' + r.map((c, i) => ` ${(c ?? '').padEnd(widths[i])} `).join('│') + '│'
  return [line('┌', '┬', '┐'), row(cells[0]), line('├', '┼', '┤'), ...cells.slice(1).map(row), line('└', '┴', '┘')].join('\n')
}
