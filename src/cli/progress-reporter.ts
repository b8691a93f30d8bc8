import type { createLogUpdate } from 'log-update'
import type { Reporter, TestCase } from 'vitest/node'
import type { SampleResult } from '../core/sample-result.ts'
import type { CliIO } from './io.ts'
import { errorKindsLine, KIND_LEVELS, newTally, progressLine, progressLines, totalTally, type ProgressTally } from './progress-line.ts'

export interface ProgressRun {
  benchmark: string
  model: string
  /** The Vitest project the run's tests live in. */
  modelSlug: string
  /** Samples this invocation will run (resumed ones left out). */
  total: number
}

export interface ProgressOptions {
  /** The terminal (default process.stdout); only used when io.isTTY. */
  stream?: NodeJS.WriteStream
  now?: () => number
  /** Redraw period on a terminal (ms). */
  redrawMs?: number
  /** Without a terminal: a line per run at least this often while it progresses (ms), besides every 10 %. */
  logEveryMs?: number
}

type LogUpdate = ReturnType<typeof createLogUpdate>

/**
 * Live progress, one line per benchmark × model: count, accuracy so far, rate, elapsed, ETA, retried samples and
 * errors by kind. On a terminal the lines redraw in place (log-update) and fit its width; in logs a plain line
 * per run every 10 % (or logEveryMs) and when it finishes.
 */
export class ProgressReporter implements Reporter {
  private readonly tallies = new Map<string, ProgressTally>()
  private readonly lastLogged = new Map<string, { done: number; at: number }>()
  private timer: NodeJS.Timeout | null = null
  private draw: LogUpdate | null = null
  private finished = false
  private readonly now: () => number

  constructor(
    private readonly io: CliIO,
    private readonly opts: ProgressOptions = {},
    private readonly makeLogUpdate: typeof createLogUpdate | null = null,
  ) {
    this.now = opts.now ?? Date.now
  }

  /** log-update (and its six packages) is loaded only for a terminal: logs and CI never draw. */
  static async create(io: CliIO, opts: ProgressOptions = {}): Promise<ProgressReporter> {
    return new ProgressReporter(io, opts, io.isTTY ? (await import('log-update')).createLogUpdate : null)
  }

  setRuns(runs: ProgressRun[]): void {
    for (const r of runs) this.tallies.set(key(r.modelSlug, r.benchmark), newTally(`${r.benchmark} · ${r.model}`, r.total, r))
  }

  private get stream(): NodeJS.WriteStream {
    return this.opts.stream ?? process.stdout
  }

  onTestRunStart(): void {
    if (!this.io.isTTY || !this.makeLogUpdate || this.timer || this.finished) return
    this.draw ??= this.makeLogUpdate(this.stream)
    this.timer = setInterval(() => this.redraw(), this.opts.redrawMs ?? 250)
    this.timer.unref()
  }

  onTestCaseReady(test: TestCase): void {
    const t = this.tallyOf(test)
    if (t && t.startedAt === null) t.startedAt = this.now()
  }

  onTestCaseResult(test: TestCase): void {
    const r = test.meta().jarvis as SampleResult | undefined
    if (!r) return
    const t = this.tallyOf(test, r)
    if (!t) return
    t.done++
    t.lastAt = this.now()
    t.startedAt ??= t.lastAt
    const meta = (r.scoring_metadata ?? {}) as Record<string, unknown>
    if (typeof meta.retries === 'number' && meta.retries > 0) t.retried++
    if (r.error) {
      t.errors++
      const kind = typeof meta.error_kind === 'string' ? meta.error_kind : 'other'
      t.errorKinds.set(kind, (t.errorKinds.get(kind) ?? 0) + 1)
    }
    if (r.is_correct !== null) t.scored++
    if (r.is_correct) t.correct++
    if (!this.io.isTTY) this.logLine(test, t)
  }

  /** What a test printed (the harness's own notes): above the live lines, not through them. */
  onUserConsoleLog(log: Parameters<NonNullable<Reporter['onUserConsoleLog']>>[0]): void {
    const text = log.content.replace(/\n$/, '')
    if (this.draw) this.draw.persist(text)
    else if (log.type === 'stderr') this.io.err(text)
    else this.io.out(text)
  }

  onTestRunEnd(): void {
    // The CLI runs large runs in chunks (one Vitest run each): the display ends when every run is complete.
    if ([...this.tallies.values()].every((t) => t.done >= t.total)) this.finish()
    else this.redraw()
  }

  /** The last frame stays on screen; idempotent. */
  finish(): void {
    if (this.finished) return
    this.finished = true
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    if (this.draw) {
      this.redraw(true)
      this.draw.done()
    }
  }

  /** The frame: a totals line when there are several runs, then one line per run, within the terminal's size. */
  frame(width: number | undefined, height: number): string[] {
    const now = this.now()
    const tallies = [...this.tallies.values()]
    const withKinds = ({ lines, level }: { lines: string[]; level: number }, extra: string[] = []) => {
      const kinds = level >= KIND_LEVELS ? errorKindsLine(tallies, width) : null
      return [...lines, ...extra, ...(kinds ? [kinds] : [])]
    }
    if (tallies.length < 2) return withKinds(progressLines(tallies, now, width))
    const room = Math.max(2, height - 3)
    if (tallies.length <= room) return withKinds(progressLines([totalTally(tallies), ...tallies], now, width))
    // More runs than rows: the runs in progress first, then a count of the rest.
    const rank = (t: ProgressTally) => (t.startedAt !== null && t.done < t.total ? 0 : t.done < t.total ? 1 : 2)
    const shown = tallies.map((t, i) => ({ t, i })).sort((a, b) => rank(a.t) - rank(b.t) || a.i - b.i).slice(0, room - 1).sort((a, b) => a.i - b.i)
    const done = tallies.filter((t) => t.done >= t.total).length
    const waiting = tallies.filter((t) => t.startedAt === null).length
    const more = `… ${tallies.length - shown.length} more runs (${done} done, ${waiting} waiting)`
    return withKinds(progressLines([totalTally(tallies), ...shown.map((x) => x.t)], now, width), [width ? more.slice(0, width - 1) : more])
  }

  private redraw(final = false): void {
    if (!this.draw || (this.finished && !final)) return
    const lines = this.frame(this.stream.columns || 80, this.stream.rows || 24)
    if (lines.length) this.draw(lines.join('\n'))
  }

  private logLine(test: TestCase, t: ProgressTally): void {
    const k = this.keyOf(test)
    const last = this.lastLogged.get(k) ?? { done: 0, at: t.startedAt ?? this.now() }
    const step = Math.max(1, Math.ceil(t.total / 10))
    const now = this.now()
    if (t.done - last.done >= step || t.done === t.total || now - last.at >= (this.opts.logEveryMs ?? 30_000)) {
      this.lastLogged.set(k, { done: t.done, at: now })
      this.io.out(`  ${progressLine(t, now)}`)
    }
  }

  private keyOf(test: TestCase): string {
    let suite: { name: string; parent?: unknown; type: string } | undefined = test.parent.type === 'suite' ? test.parent : undefined
    while (suite && (suite.parent as { type?: string } | undefined)?.type === 'suite') suite = suite.parent as typeof suite
    return key(test.project.name, suite?.name ?? '')
  }

  private tallyOf(test: TestCase, r?: SampleResult): ProgressTally | undefined {
    const found = this.tallies.get(this.keyOf(test))
    if (found || !r) return found
    // A test outside the runs given (a plain Vitest config): tally it under its own benchmark × model.
    const k = key(test.project.name, r.benchmark)
    let t = this.tallies.get(k)
    if (!t) this.tallies.set(k, (t = newTally(`${r.benchmark} · ${r.model}`, 0, r)))
    t.total = Math.max(t.total, t.done + 1)
    return t
  }
}

const key = (slug: string, benchmark: string) => `${slug}\u0000${benchmark}`
