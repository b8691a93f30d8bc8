import type { RunSummary } from '../core/sample-result.ts'
import { shorten } from './progress-line.ts'
import { renderTable } from './table.ts'

// The run's closing table, fitted to the terminal: the full table when it fits (and always in logs), else shorter
// headers, else two narrower tables, else one block per run. Nothing is dropped, only laid out differently.

interface Column {
  head: string
  short: string
  cell: (s: RunSummary) => string
  /** The value in words, for the one-block-per-run layout. */
  words?: (s: RunSummary) => string
  extra?: boolean
}

const COLUMNS: Column[] = [
  { head: 'Benchmark', short: 'Benchmark', cell: (s) => s.benchmark },
  { head: 'Model', short: 'Model', cell: (s) => s.model },
  { head: 'Accuracy', short: 'Acc', cell: (s) => s.accuracy.toFixed(4), words: (s) => `accuracy ${s.accuracy.toFixed(4)} (${s.correct}/${s.scored_samples} scored)` },
  { head: 'Correct/Scored', short: 'Correct', cell: (s) => `${s.correct}/${s.scored_samples}` },
  { head: 'Samples', short: 'N', cell: (s) => String(s.total_samples), words: (s) => `samples ${s.total_samples}` },
  { head: 'Errors', short: 'Err', cell: (s) => String(s.errors), words: (s) => `errors ${s.errors}` },
  { head: 'Latency s (mean)', short: 'Lat s', cell: (s) => s.mean_latency_seconds.toFixed(3), words: (s) => `latency ${s.mean_latency_seconds.toFixed(3)} s` },
  { head: 'Tokens in/out', short: 'Tok in/out', cell: (s) => `${s.total_input_tokens}/${s.total_output_tokens}`, words: (s) => `tokens ${s.total_input_tokens}/${s.total_output_tokens}`, extra: true },
  { head: 'Cost $', short: 'Cost $', cell: (s) => s.total_cost_usd.toFixed(6), words: (s) => `cost $${s.total_cost_usd.toFixed(6)}`, extra: true },
  { head: 'Energy J', short: 'Energy J', cell: (s) => s.total_energy_joules.toFixed(1), words: (s) => `energy ${s.total_energy_joules.toFixed(1)} J`, extra: true },
]

const widest = (text: string) => Math.max(...text.split('\n').map((l) => l.length))

/** Box table of `cols`; the Benchmark and Model cells shortened (middle ellipsis) to `nameWidth` when given. */
function table(summaries: RunSummary[], cols: Column[], short: boolean, nameWidth?: number, numbered = false): string {
  const name = (s: string) => (nameWidth ? shorten(s, nameWidth) : s)
  const rows = summaries.map((s, i) => [...(numbered ? [`#${i + 1}`] : []), ...cols.map((c) => (c.head === 'Benchmark' || c.head === 'Model' ? name(c.cell(s)) : c.cell(s)))])
  return renderTable([...(numbered ? ['Run'] : []), ...cols.map((c) => (short ? c.short : c.head))], rows)
}

/** One block per run: its name, then its numbers in words, each line within `width`. */
function blocks(summaries: RunSummary[], cols: Column[], width: number): string {
  const out: string[] = []
  for (const s of summaries) {
    out.push(shorten(`${s.benchmark} · ${s.model}`, width - 1))
    let line = ''
    for (const c of cols) {
      if (!c.words) continue
      const part = c.words(s)
      if (line && 2 + line.length + 2 + part.length > width - 1) {
        out.push(`  ${line}`)
        line = ''
      }
      line = line ? `${line}  ${part}` : part
    }
    if (line) out.push(`  ${line}`)
  }
  return out.join('\n')
}

/** The closing table of `jarvis eval run`. `width`: the terminal's columns (undefined in logs: the full table). */
export function resultsTable(summaries: RunSummary[], opts: { compact?: boolean; width?: number } = {}): string {
  const cols = COLUMNS.filter((c) => !opts.compact || !c.extra)
  const full = table(summaries, cols, false)
  const width = opts.width
  if (!width || widest(full) < width) return full
  const short = table(summaries, cols, true)
  if (widest(short) < width) return short
  // Two tables side by side in meaning (#n links them), names shortened until both fit.
  const main = cols.filter((c) => !c.extra && c.head !== 'Latency s (mean)')
  const rest = cols.filter((c) => c.extra || c.head === 'Latency s (mean)')
  for (let n = Math.max(...summaries.map((s) => Math.max(s.benchmark.length, s.model.length))); n >= 12; n--) {
    const a = table(summaries, main, true, n, true)
    if (widest(a) >= width) continue
    const b = rest.length ? table(summaries, rest, true, undefined, true) : ''
    if (!b || widest(b) < width) return b ? `${a}\n${b}` : a
    break
  }
  return blocks(summaries, cols, width)
}
