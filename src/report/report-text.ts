import { percentileSorted } from '../stats/metric-stats.ts'
import { wilsonInterval } from '../stats/accuracy-ci.ts'
import { zFor } from '../stats/distributions.ts'
import { f4, interval, meanPm, num } from './format.ts'
import type { RunData } from './run-data.ts'
import { renderKeyValues, renderTable } from './table.ts'

/** `jarvis eval report`: OpenJarvis's "Evaluation Report" block, then the intervals it never printed. */
export function formatReport(run: RunData): string[] {
  const s = run.summary
  const a = run.accuracy
  const out = ['Evaluation Report', '']
  out.push(
    ...renderKeyValues([
      ['Benchmark', s.benchmark],
      ['Model', s.model],
      ['Backend', s.backend],
      ['Accuracy', f4(s.accuracy)],
      ['Samples', String(s.total_samples)],
      ['Scored', String(s.scored_samples)],
      ['Correct', String(s.correct)],
      ['Errors', String(s.errors)],
      ['Latency', `${f4(s.mean_latency_seconds)}s (mean)`],
      ['Cost', `$${s.total_cost_usd.toFixed(6)}`],
    ]),
  )
  out.push('', `Accuracy ${Math.round(a.confidence * 100)}% CI (${a.n} scored)`)
  out.push(
    ...renderKeyValues([
      ['CLT', `${interval(a.ci)}  (SE ${f4(a.se)}, n−1)`],
      ['Wilson', interval(a.wilson)],
      ['Bootstrap', `${interval(a.bootstrap)}  (2000 resamples, seeded)`],
    ]).map((l) => `  ${l}`),
  )
  const lat = run.latencies.length ? Float64Array.from(run.latencies).sort() : null
  if (lat) {
    const p = (q: number) => `${num(percentileSorted(lat, q))}s`
    out.push('', `Latency (${lat.length} timed samples)`, `  p50 ${p(0.5)}  p90 ${p(0.9)}  p95 ${p(0.95)}  p99 ${p(0.99)}  max ${num(lat[lat.length - 1])}s`)
  } else if (s.latency_stats) {
    const l = s.latency_stats
    out.push('', 'Latency (from summary.json)', `  p50 ${num(l.median)}s  p90 ${num(l.p90)}s  p95 ${num(l.p95)}s  p99 ${num(l.p99)}s  max ${num(l.max)}s`)
  }
  const rows: string[][] = []
  const m = run.metrics
  const add = (name: string, k: keyof RunData['metrics'], unit: string) => {
    const v = m[k]
    if (v) rows.push([name, meanPm(v.mean, v.ci), unit, String(v.n)])
  }
  add('Latency', 'latency', 's')
  add('Prompt tokens', 'prompt_tokens', 'tok')
  add('Completion tokens', 'completion_tokens', 'tok')
  add('Cost', 'cost', '$')
  add('Energy', 'energy', 'J')
  if (rows.length) out.push('', ...renderTable(['Per sample', 'Mean ± 95% CI', 'Unit', 'n'], rows, { align: ['left', 'right', 'left', 'right'] }))
  if (s.total_energy_joules > 0) out.push(`Total energy ${num(s.total_energy_joules)} J, mean power ${num(s.avg_power_watts)} W`)

  const subjects = Object.keys(s.per_subject)
  if (subjects.length > 1) {
    const z = zFor(0.95)
    const srows = subjects.sort().map((k) => {
      const b = s.per_subject[k]
      return [k, f4(b.accuracy), interval(wilsonInterval(b.correct, b.scored, z), 3), String(b.total), String(b.correct)]
    })
    out.push('', ...renderTable(['Subject', 'Accuracy', 'Wilson 95% CI', 'Total', 'Correct'], srows, { title: 'Per-Subject Breakdown' }))
  }
  const unscored = Object.entries(s.unscored_reasons ?? {})
  if (unscored.length) out.push('', `Unscored (left out of accuracy): ${unscored.map(([k, v]) => `${k} ${v}`).join(', ')}`)
  const kinds = Object.entries(s.errors_by_kind ?? {})
  if (kinds.length) out.push(...(unscored.length ? [] : ['']), `Errors by kind: ${kinds.map(([k, v]) => `${k} ${v}`).join(', ')}`)
  if (run.summarySource === 'jsonl') out.push('', `(no summary.json: computed from ${run.paths.jsonl})`)
  for (const n of run.notes) out.push(`note: ${n}`)
  return out
}
