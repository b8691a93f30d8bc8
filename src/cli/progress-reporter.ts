import type { Reporter, TestCase } from 'vitest/node'
import type { CliIO } from './io.ts'

interface Tally {
  done: number
  correct: number
  scored: number
  errors: number
}

/**
 * Live progress per benchmark × model (the CLI's own reporter, cheaper than Vitest's default one).
 * On a terminal it redraws one line every 250 ms; in logs it prints a line every 10 % and at the end.
 */
export class ProgressReporter implements Reporter {
  private readonly tallies = new Map<string, Tally>()
  private totals = new Map<string, number>()
  private timer: NodeJS.Timeout | null = null
  private lastPrinted = new Map<string, number>()

  constructor(private readonly io: CliIO) {}

  setTotals(totals: Map<string, number>): void {
    this.totals = totals
  }

  onTestRunStart(): void {
    if (this.io.isTTY && !this.timer) this.timer = setInterval(() => this.redraw(), 250)
  }

  onTestCaseResult(test: TestCase): void {
    const r = test.meta().jarvis
    if (!r) return
    const key = `${r.benchmark} / ${r.model}`
    const t = this.tallies.get(key) ?? { done: 0, correct: 0, scored: 0, errors: 0 }
    t.done++
    if (r.error) t.errors++
    if (r.is_correct !== null) t.scored++
    if (r.is_correct) t.correct++
    this.tallies.set(key, t)
    if (!this.io.isTTY) {
      const total = this.totals.get(key) ?? 0
      const step = Math.max(1, Math.ceil(total / 10))
      const last = this.lastPrinted.get(key) ?? 0
      if (t.done - last >= step || t.done === total) {
        this.lastPrinted.set(key, t.done)
        this.io.out(this.line(key, t))
      }
    }
  }

  onTestRunEnd(): void {
    if (this.timer) {
      clearInterval(this.timer)
      this.timer = null
      this.redraw(true)
    }
  }

  private line(key: string, t: Tally): string {
    const total = this.totals.get(key)
    const acc = t.scored ? (t.correct / t.scored).toFixed(3) : '-'
    return `  ${key}  ${t.done}${total ? `/${total}` : ''}  accuracy ${acc}  errors ${t.errors}`
  }

  private redraw(final = false): void {
    const lines = [...this.tallies.entries()].map(([k, t]) => this.line(k, t))
    if (lines.length === 0) return
    process.stdout.write(`\r\x1b[2K${lines.join(' | ')}${final ? '\n' : ''}`)
  }
}
