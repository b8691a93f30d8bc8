import { formatP, type GateVerdict } from '../stats/gate.ts'
import { f4, interval, signed } from './format.ts'
import { renderTable } from './table.ts'

/** The gate's verdict and the numbers behind it; the first line is what CI logs show. */
export function formatGateVerdict(v: GateVerdict, maxIds = 20): string[] {
  const o = v.options
  const out = [`Gate: ${v.verdict.toUpperCase()} — ${v.reason}`, `Rule: ${v.rule}`, `      (max-drop ${o.maxDrop}, alpha ${o.alpha})`, '']
  const side = (name: string, s: GateVerdict['baseline']) => [name, s.label, f4(s.accuracy), interval(s.ci), interval(s.bootstrap), `${s.correct}/${s.n}`]
  out.push(...renderTable(['', 'Run', 'Accuracy', 'CLT 95% CI', 'Bootstrap 95% CI', 'Correct'], [side('Baseline', v.baseline), side('Candidate', v.candidate)], { align: ['left', 'left', 'right', 'right', 'right', 'right'] }))
  out.push('')
  out.push(`Delta      ${signed(v.delta)}  (95% paired-bootstrap CI ${interval(v.deltaCi)}, ${v.n_paired} paired samples)`)
  out.push(`McNemar    right → wrong ${v.discordant.baselineOnly}, wrong → right ${v.discordant.candidateOnly}; one-sided p = ${formatP(v.pValue)} (two-sided ${formatP(v.pValueTwoSided)})`)
  for (const w of v.warnings) out.push(`Warning: ${w}`)
  const ids = (after: boolean) => v.changed.filter((c) => c.after === after).map((c) => c.record_id)
  const list = (title: string, xs: string[]) => {
    if (!xs.length) return
    out.push('', `${title} (${xs.length}):`)
    const shown = xs.slice(0, maxIds)
    for (let i = 0; i < shown.length; i += 5) out.push(`  ${shown.slice(i, i + 5).join(', ')}`)
    if (xs.length > maxIds) out.push(`  … ${xs.length - maxIds} more (--json lists all)`)
  }
  list('Regressions, right → wrong', ids(false))
  list('Improvements, wrong → right', ids(true))
  return out
}
