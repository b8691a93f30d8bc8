import type { Reporter, TestCase } from 'vitest/node'
import type { SampleResult } from '../core/sample-result.ts'

/** What one invocation did to one run's output (not the whole file: a resumed or -t run keeps older lines). */
export interface Tally {
  benchmark: string
  model: string
  ran: number
  scored: number
  errors: number
  errorKinds: Record<string, number>
  unscored: Record<string, number>
  firstError: string | null
  /** Why the first unscored sample got no verdict (e.g. the judge's unavailable reason). */
  firstUnscoredDetail: string | null
}

/** Counts this invocation's results per output path; the CLI's exit code and "what happened" line come from it. */
export class RunTally implements Reporter {
  readonly byOutput = new Map<string, Tally>()

  onTestCaseResult(test: TestCase): void {
    const meta = test.meta()
    if (meta.jarvis && meta.jarvisOutput) this.add(meta.jarvisOutput, meta.jarvis)
  }

  add(output: string, r: SampleResult): void {
    const t = this.byOutput.get(output) ?? { benchmark: r.benchmark, model: r.model, ran: 0, scored: 0, errors: 0, errorKinds: {}, unscored: {}, firstError: null, firstUnscoredDetail: null }
    this.byOutput.set(output, t)
    const m = (r.scoring_metadata ?? {}) as Record<string, unknown>
    t.ran++
    if (r.error) {
      t.errors++
      const kind = typeof m.error_kind === 'string' ? m.error_kind : 'other'
      t.errorKinds[kind] = (t.errorKinds[kind] ?? 0) + 1
      t.firstError ??= r.error
    } else if (r.is_correct === null) {
      const reason = typeof m.reason === 'string' ? m.reason : 'unscored'
      t.unscored[reason] = (t.unscored[reason] ?? 0) + 1
      t.firstUnscoredDetail ??= typeof m.judge_error === 'string' ? m.judge_error : null
    } else t.scored++
  }
}

const counts = (o: Record<string, number>) => Object.entries(o).map(([k, v]) => `${k} ${v}`).join(', ')
const clip = (s: string, n = 200) => (s.length > n ? `${s.slice(0, n - 1)}…` : s)

/** The one line for a run that ran samples but could score none of them (exit 4), else null. */
export function noScoreLine(t: Tally): string | null {
  if (t.ran === 0 || t.scored > 0) return null
  const unscored = t.ran - t.errors
  const parts = [
    t.errors && `${t.errors} of ${t.ran} requests failed (${counts(t.errorKinds)})${t.firstError ? `, first: ${clip(t.firstError).replace(/\.$/, '')}` : ''}`,
    unscored && `${unscored} answers got no verdict (${counts(t.unscored)})${t.firstUnscoredDetail ? `: ${clip(t.firstUnscoredDetail).replace(/\.$/, '')}` : ''}`,
  ].filter(Boolean)
  const fix = t.errors
    ? 'Check the endpoint, the API key and the model name, then rerun with --resume --retry-errors.'
    : Object.keys(t.unscored).some((k) => k.startsWith('judge'))
      ? 'Give a reachable judge (--judge-model/--judge-engine or [judge]) and run again.'
      : 'See scoring_metadata.reason in the JSONL.'
  return `${t.benchmark} / ${t.model}: no sample could be scored: ${parts.join('; ')}. ${fix}`
}
