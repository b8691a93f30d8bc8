import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { wilsonInterval } from '../stats/accuracy-ci.ts'
import { zFor } from '../stats/distributions.ts'
import { percentileSorted } from '../stats/metric-stats.ts'
import { ciBarChart, rangeChart, scatter, type BarRow, type ScatterPoint } from './charts.ts'
import type { PairedComparison } from './compare-text.ts'
import { interval, num } from './format.ts'
import { failedSamplesSection } from './html-failures.ts'
import { pairedSection, type AnswersById } from './html-paired.ts'
import { HTML_SCRIPT } from './html-script.ts'
import { pairedAnswers } from './paired-answers.ts'
import { runLabels } from './run-labels.ts'
import { HTML_CSS } from './html-style.ts'
import type { RunData } from './run-data.ts'
import { colorOf, escapeHtml as e } from './svg.ts'

export interface HtmlReportInput {
  title: string
  runs: RunData[]
  /** Present when exactly two runs were paired by record id. */
  paired: PairedComparison | null
  /** Both runs' answers to the samples whose verdict changed (writeHtmlReport reads them from the JSONLs). */
  pairedAnswers?: AnswersById | null
  generatedAt?: Date
}

export { runLabels }

/**
 * One self-contained HTML page: inline CSS, SVG and one small script (search and paging over the long tables;
 * without it every row shows), no external URL.
 */
export function renderHtml(input: HtmlReportInput): string {
  const { runs } = input
  const labels = runLabels(runs)
  const sections = [overview(runs, labels), accuracyChart(runs, labels), ipwCharts(runs, labels), latencyChart(runs, labels), subjectChart(runs, labels)]
  if (input.paired && runs.length === 2) sections.push(pairedSection(input.paired, labels, input.pairedAnswers ?? null))
  sections.push(...runs.map((r, i) => failedSamplesSection(r, labels[i], colorOf(i), i)))
  const when = (input.generatedAt ?? new Date()).toISOString().replace('T', ' ').slice(0, 19)
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(input.title)}</title><style>${HTML_CSS}</style></head>
<body><header><h1>${e(input.title)}</h1><p class="muted">Generated ${e(when)} UTC by jarvis-evals · intervals are 95% (Wilson for accuracy bars, CLT for per-sample means)</p></header>
${sections.filter(Boolean).join('\n')}
<script>${HTML_SCRIPT}</script>
</body></html>
`
}

export async function writeHtmlReport(path: string, input: HtmlReportInput): Promise<void> {
  const { paired, runs } = input
  const answers = input.pairedAnswers ?? (paired && runs.length === 2 ? await pairedAnswers([runs[0], runs[1]], paired.pairing.changed.map((c) => c.record_id)) : null)
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, renderHtml({ ...input, pairedAnswers: answers }))
}

function overview(runs: RunData[], labels: string[]): string {
  const rows = runs
    .map((r, i) => {
      const s = r.summary
      const a = r.accuracy
      const m = r.metrics
      return `<tr><td><span class="dot" style="background:${colorOf(i)}"></span>${e(labels[i])}<div class="muted small">${e(r.paths.input)}</div></td>
<td class="num big">${(a.accuracy * 100).toFixed(1)}%</td><td class="num">${interval(a.wilson, 3)}</td><td class="num">${s.correct}/${s.scored_samples}</td>
<td class="num">${s.total_samples}</td><td class="num ${s.errors ? 'bad' : ''}">${s.errors}</td>
<td class="num">${m.latency ? `${num(m.latency.mean)} s` : num(s.mean_latency_seconds) + ' s'}</td>
<td class="num">${m.energy ? `${num(m.energy.mean)} J` : s.total_energy_joules ? `${num(s.total_energy_joules)} J total` : '-'}</td>
<td class="num">$${num(s.total_cost_usd, 4)}</td></tr>`
    })
    .join('\n')
  return `<section><h2>Runs</h2><table class="grid"><thead><tr><th>Run</th><th>Accuracy</th><th>95% CI (Wilson)</th><th>Correct / scored</th><th>Samples</th><th>Errors</th><th>Latency (mean)</th><th>Energy / sample</th><th>Cost</th></tr></thead><tbody>${rows}</tbody></table></section>`
}

function accuracyChart(runs: RunData[], labels: string[]): string {
  const byBench = new Map<string, BarRow[]>()
  runs.forEach((r, i) => {
    const rows = byBench.get(r.summary.benchmark) ?? []
    // Grouped by benchmark: the bar says the rest of the run's label (model · file tag).
    const prefix = `${r.summary.benchmark} · `
    rows.push({ label: labels[i].startsWith(prefix) ? labels[i].slice(prefix.length) : labels[i], value: r.accuracy.accuracy, lo: r.accuracy.wilson[0], hi: r.accuracy.wilson[1], color: colorOf(i), note: `n=${r.accuracy.n}` })
    byBench.set(r.summary.benchmark, rows)
  })
  const groups = [...byBench].map(([heading, rows]) => ({ heading, rows }))
  return `<section><h2>Accuracy by benchmark and model</h2>${ciBarChart(groups, 'Accuracy with 95% CI (Wilson)')}</section>`
}

function ipwCharts(runs: RunData[], labels: string[]): string {
  const point = (r: RunData, i: number, k: 'energy' | 'latency'): ScatterPoint | null => {
    const m = r.metrics[k]
    const mean = m?.mean ?? (k === 'latency' ? r.summary.mean_latency_seconds : 0)
    if (!(mean > 0)) return null
    return { label: labels[i], x: mean, xlo: m?.ci[0], xhi: m?.ci[1], y: r.accuracy.accuracy, ylo: r.accuracy.wilson[0], yhi: r.accuracy.wilson[1], color: colorOf(i) }
  }
  const energy = runs.map((r, i) => point(r, i, 'energy')).filter((p): p is ScatterPoint => p !== null)
  const latency = runs.map((r, i) => point(r, i, 'latency')).filter((p): p is ScatterPoint => p !== null)
  const parts = ['<section><h2>Accuracy against energy and latency</h2><p class="muted">Up and to the left is better: more correct answers for fewer joules (intelligence per joule) or seconds.</p>']
  parts.push(energy.length ? scatter(energy, 'Energy per sample (J), mean ± 95% CI', 'Accuracy vs energy') : '<p class="empty">No energy was recorded (run with telemetry and gpu_metrics on to get this chart).</p>')
  parts.push(latency.length ? scatter(latency, 'Latency per sample (s), mean ± 95% CI', 'Accuracy vs latency') : '<p class="empty">No latency was recorded.</p>')
  return parts.join('') + '</section>'
}

function latencyChart(runs: RunData[], labels: string[]): string {
  const rows = runs.flatMap((r, i) => {
    if (!r.latencies.length) return []
    const s = Float64Array.from(r.latencies).sort()
    const q = (p: number) => percentileSorted(s, p)
    return [{ label: labels[i], p5: q(0.05), p25: q(0.25), p50: q(0.5), p75: q(0.75), p95: q(0.95), color: colorOf(i) }]
  })
  if (!rows.length) return ''
  return `<section><h2>Latency spread</h2>${rangeChart(rows, 's', 'Latency per sample: p5–p95 line, p25–p75 box, median tick')}</section>`
}

function subjectChart(runs: RunData[], labels: string[]): string {
  const subjects = [...new Set(runs.flatMap((r) => Object.keys(r.summary.per_subject)))].sort()
  if (subjects.length < 2) return ''
  const shown = subjects.slice(0, 40)
  const z = zFor(0.95)
  const groups = shown.map((s) => ({
    heading: s,
    rows: runs.flatMap((r, i) => {
      const b = r.summary.per_subject[s]
      if (!b || !b.scored) return []
      const [lo, hi] = wilsonInterval(b.correct, b.scored, z)
      return [{ label: labels[i], value: b.correct / b.scored, lo, hi, color: colorOf(i), note: `${b.correct}/${b.scored}` }]
    }),
  }))
  const more = subjects.length > shown.length ? `<p class="muted">Showing ${shown.length} of ${subjects.length} subjects (alphabetical).</p>` : ''
  return `<section><h2>Per-subject accuracy</h2>${more}${ciBarChart(groups, 'Accuracy per subject with 95% CI (Wilson)')}</section>`
}
