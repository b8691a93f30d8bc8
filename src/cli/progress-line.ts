// Runs' progress as aligned lines that fit a width: the richest layout that fits, the runs' names shortened last.

export interface ProgressTally {
  /** "benchmark · model" (or "4 runs"); the model part is shortened first when the line is too wide. */
  label: string
  benchmark?: string
  model?: string
  total: number
  done: number
  correct: number
  scored: number
  errors: number
  errorKinds: Map<string, number>
  /** Samples that needed at least one retry (scoring_metadata.retries > 0). */
  retried: number
  /** ms timestamps: the run's first test started, its last result arrived; null before. */
  startedAt: number | null
  lastAt: number | null
}

export const newTally = (label: string, total: number, run?: { benchmark: string; model: string }): ProgressTally => ({ label, benchmark: run?.benchmark, model: run?.model, total, done: 0, correct: 0, scored: 0, errors: 0, errorKinds: new Map(), retried: 0, startedAt: null, lastAt: null })

/** 75 → "1:15", 3725 → "1:02:05". */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const ss = String(s % 60).padStart(2, '0')
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`
}

/** "ab…yz" within n characters (the start and the end of a name tell runs apart best). */
export function shorten(s: string, n: number): string {
  if (s.length <= n) return s
  if (n <= 1) return s.slice(0, Math.max(0, n))
  const head = Math.ceil((n - 1) / 2)
  return `${s.slice(0, head)}…${s.slice(s.length - (n - 1 - head))}`
}

const kinds = (t: ProgressTally) => [...t.errorKinds].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(', ')

function bar(t: ProgressTally, width: number): string {
  const full = t.total ? Math.min(width, Math.floor((width * t.done) / t.total)) : 0
  return '█'.repeat(full) + '░'.repeat(width - full)
}

/** A run's fields at each level of detail, richest first; '' = nothing to say (kept as a blank column). */
function levels(t: ProgressTally, now: number): string[][] {
  const finished = t.total > 0 && t.done >= t.total
  const waiting = t.startedAt === null && !finished
  const end = finished && t.lastAt !== null ? t.lastAt : now
  const secs = t.startedAt === null ? 0 : (end - t.startedAt) / 1000
  const r = secs >= 0.5 && t.done > 0 ? t.done / secs : null
  const count = `${t.done}/${t.total}`
  const pct = t.total && !waiting ? `${Math.floor((100 * t.done) / t.total)}%` : ''
  const acc = t.scored ? `acc ${(t.correct / t.scored).toFixed(3)}` : waiting ? '' : 'acc -'
  const rate = waiting ? '' : r === null ? '-/s' : `${r >= 10 ? r.toFixed(0) : r.toFixed(1)}/s`
  const elapsed = waiting ? '' : clock(secs)
  const eta = finished ? 'done' : waiting ? 'waiting' : r === null ? 'ETA -' : `ETA ${clock(Math.max(0, t.total - t.done) / r)}`
  const retried = waiting ? '' : `retried ${t.retried}`
  const errors = waiting ? '' : `errors ${t.errors}`
  const byKind = t.errors ? `${errors} (${kinds(t)})` : errors
  const short = { retried: waiting ? '' : `r${t.retried}`, errors: waiting ? '' : `e${t.errors}` }
  return [
    [bar(t, 16), count, pct, acc, rate, elapsed, eta, retried, byKind],
    [count, pct, acc, rate, elapsed, eta, retried, byKind],
    [count, pct, acc, rate, elapsed, eta, retried, errors],
    [count, acc, rate, eta, retried, errors],
    [count, acc, rate, eta, short.retried, short.errors],
    [count, rate, eta, short.retried, short.errors],
    [count, eta, short.errors],
    [count],
  ]
}

/** Levels that name errors by kind (narrower ones give the count; the reporter adds a line for the kinds). */
export const KIND_LEVELS = 2

// Fields that read as numbers are right-aligned in their column.
const RIGHT = /^(\d+\/\d+|\d+%|[\d.-]+\/s|\d+:\d\d(:\d\d)?)$/

/** Rows of fields as aligned text columns. */
function columns(rows: string[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)))
  const right = rows[0].map((_, i) => rows.every((r) => r[i] === '' || RIGHT.test(r[i])))
  return rows.map((r) => r.map((f, i) => (right[i] ? f.padStart(widths[i]) : f.padEnd(widths[i]))).join('  ').trimEnd())
}

/** The label within n characters: the model shortened in the middle first, then the benchmark. */
function labelWithin(t: ProgressTally, n: number): string {
  if (t.label.length <= n || t.benchmark === undefined || t.model === undefined) return shorten(t.label, n)
  const bench = shorten(t.benchmark, Math.min(t.benchmark.length, Math.max(6, n - 3 - 6)))
  return shorten(`${bench} · ${shorten(t.model, n - bench.length - 3)}`, n)
}

/**
 * Lines for runs, one each, in aligned columns within `width` (no width: every field but the bar, full labels,
 * no alignment — a log line). One level of detail for all lines: the richest that leaves the labels their full
 * length (up to 40), else the richest of the readable ones with labels of 24, else any with labels of 16;
 * labels get what is left. `level` says which (KIND_LEVELS: whether errors are named by kind).
 */
export function progressLines(tallies: ProgressTally[], now: number, width?: number): { lines: string[]; level: number } {
  const all = tallies.map((t) => levels(t, now))
  if (width === undefined) return { lines: tallies.map((t, i) => `${t.label}  ${all[i][1].filter(Boolean).join('  ')}`), level: 1 }
  const max = Math.max(1, width - 1) // the last column would make some terminals wrap
  const longest = Math.max(...tallies.map((t) => t.label.length))
  const passes: [number, number][] = [[40, 2], [24, 4], [16, all[0].length]]
  for (const [want, upTo] of passes) {
    for (let level = 0; level < upTo; level++) {
      const rest = columns(all.map((l) => l[level]))
      const room = max - Math.max(...rest.map((r) => r.length)) - 2
      if (room < Math.min(want, longest)) continue
      const lw = Math.min(room, longest)
      return { lines: tallies.map((t, i) => `${labelWithin(t, lw).padEnd(lw)}  ${rest[i]}`.trimEnd()), level }
    }
  }
  return { lines: tallies.map((t, i) => shorten(`${t.label} ${all[i][all[i].length - 1][0]}`, max)), level: all[0].length - 1 }
}

/** One run's line (see progressLines). */
export const progressLine = (t: ProgressTally, now: number, width?: number): string => progressLines([t], now, width).lines[0]

/** "errors: server_error 8, rate_limit 3" over all runs, within width; null without errors. */
export function errorKindsLine(tallies: ProgressTally[], width?: number): string | null {
  const t = totalTally(tallies)
  if (!t.errors) return null
  const line = `errors by kind: ${kinds(t)}`
  return width ? shorten(line, width - 1) : line
}

/** The totals over several runs, as a tally (its label is the run count). */
export function totalTally(tallies: ProgressTally[]): ProgressTally {
  const t = newTally(`all ${tallies.length} runs`, 0)
  for (const x of tallies) {
    t.total += x.total
    t.done += x.done
    t.correct += x.correct
    t.scored += x.scored
    t.errors += x.errors
    t.retried += x.retried
    for (const [k, v] of x.errorKinds) t.errorKinds.set(k, (t.errorKinds.get(k) ?? 0) + v)
    if (x.startedAt !== null) t.startedAt = Math.min(t.startedAt ?? x.startedAt, x.startedAt)
    if (x.lastAt !== null) t.lastAt = Math.max(t.lastAt ?? x.lastAt, x.lastAt)
  }
  return t
}
