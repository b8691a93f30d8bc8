import { mcnemarExact, pairedBootstrapDelta, pairVerdicts, type Pairing } from '../stats/paired.ts'
import { formatP } from '../stats/gate.ts'
import type { Interval } from '../stats/accuracy-ci.ts'
import { f4, interval, meanPm, metricValue, signed } from './format.ts'
import type { RunData } from './run-data.ts'
import { renderTable } from './table.ts'

export interface PairedComparison {
  pairing: Pairing
  delta: number
  deltaCi: Interval
  pTwoSided: number
}

/** The paired view of two runs (compare with exactly two files). */
export function pairRuns(a: RunData, b: RunData): PairedComparison | null {
  if (!a.verdicts || !b.verdicts) return null
  const pairing = pairVerdicts(a.verdicts, b.verdicts)
  const c = pairing.counts
  if (c.n === 0) return { pairing, delta: 0, deltaCi: [0, 0], pTwoSided: 1 }
  return { pairing, delta: (c.candidateOnly - c.baselineOnly) / c.n, deltaCi: pairedBootstrapDelta(c), pTwoSided: mcnemarExact(c.baselineOnly, c.candidateOnly).twoSided }
}

// Summary keys that are counts (Python prints them as ints; every mean and ratio is a float there).
const COUNT_KEYS = new Set(['total_samples', 'scored_samples', 'correct', 'errors', 'total_input_tokens', 'total_output_tokens', 'seed'])

/** The value `compare --metric` shows: a top-level summary number, else the mean of that key over the lines. */
export function metricOf(run: RunData, metric: string): number | null {
  if (metric === 'accuracy') return run.summary.accuracy
  const v = (run.summary as unknown as Record<string, unknown>)[metric]
  if (typeof v === 'number') return v
  return run.lineMetric
}

export function formatCompare(runs: RunData[], metric: string, paired: PairedComparison | null, maxChanged = 50): string[] {
  const title = metric.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase())
  const out = renderTable(
    ['File', 'Benchmark', 'Model', title, 'Samples'],
    runs.map((r) => [r.paths.input, r.summary.benchmark, r.summary.model, metricValue(metricOf(r, metric), COUNT_KEYS.has(metric) && metricOf(r, metric) === (r.summary as unknown as Record<string, unknown>)[metric]), String(r.summary.total_samples)]),
    { title: `Comparison — ${metric}`, align: ['left', 'left', 'left', 'right', 'right'] },
  )
  out.push('')
  out.push(
    ...renderTable(
      ['File', 'Accuracy', 'SE', 'CLT 95% CI', 'Wilson 95% CI', 'Bootstrap 95% CI', 'Scored'],
      runs.map((r) => [r.paths.input, f4(r.accuracy.accuracy), f4(r.accuracy.se), interval(r.accuracy.ci), interval(r.accuracy.wilson), interval(r.accuracy.bootstrap), String(r.accuracy.n)]),
      { title: 'Accuracy with 95% confidence intervals' },
    ),
  )
  const cell = (r: RunData, k: keyof RunData['metrics']) => {
    const v = r.metrics[k]
    return v ? meanPm(v.mean, v.ci) : '-'
  }
  out.push('')
  out.push(
    ...renderTable(
      ['File', 'Latency s', 'Prompt tok', 'Completion tok', 'Cost $', 'Energy J'],
      runs.map((r) => [r.paths.input, cell(r, 'latency'), cell(r, 'prompt_tokens'), cell(r, 'completion_tokens'), cell(r, 'cost'), cell(r, 'energy')]),
      { title: 'Per sample: mean ± 95% CI half-width', align: ['left', 'right', 'right', 'right', 'right', 'right'] },
    ),
  )
  const subjects = [...new Set(runs.flatMap((r) => Object.keys(r.summary.per_subject)))].sort()
  if (subjects.length > 1) {
    out.push('', 'Per-subject accuracy (columns in file order: ' + runs.map((r, i) => `#${i + 1} ${r.paths.input}`).join(', ') + ')')
    const rows = subjects.map((s) => [s, ...runs.map((r) => (r.summary.per_subject[s] ? `${f4(r.summary.per_subject[s].accuracy)} (${r.summary.per_subject[s].scored})` : '-'))])
    out.push(...renderTable(['Subject', ...runs.map((_, i) => `#${i + 1}`)], rows, { align: ['left', ...runs.map(() => 'right' as const)] }))
  }
  if (paired) out.push('', ...formatPaired(runs[0], runs[1], paired, maxChanged))
  return out
}

function formatPaired(a: RunData, b: RunData, p: PairedComparison, maxChanged: number): string[] {
  const c = p.pairing.counts
  const out = [`Paired by record id: ${a.paths.input} → ${b.paths.input}`]
  out.push(`  ${c.n} samples scored in both; ${p.pairing.onlyBaseline.length} only in the first, ${p.pairing.onlyCandidate.length} only in the second`)
  if (c.n > 0) {
    out.push(`  accuracy delta ${signed(p.delta)}  95% paired-bootstrap CI ${interval(p.deltaCi)}`)
    out.push(`  right → wrong ${c.baselineOnly}, wrong → right ${c.candidateOnly}; McNemar exact two-sided p = ${formatP(p.pTwoSided)}`)
  }
  const changed = p.pairing.changed
  if (changed.length) {
    const shown = changed.slice(0, maxChanged)
    const yn = (v: boolean) => (v ? 'correct' : 'wrong')
    out.push('', ...renderTable(['Record', '#1', '#2'], shown.map((x) => [x.record_id, yn(x.before), yn(x.after)]), { title: `Samples whose verdict changed (${changed.length})` }))
    if (changed.length > shown.length) out.push(`… and ${changed.length - shown.length} more (use --html for all)`)
  }
  return out
}
