import { formatP } from '../stats/gate.ts'
import type { PairedComparison } from './compare-text.ts'
import { interval, signed } from './format.ts'
import { folded, head, headAndTail, referenceCell } from './html-failures.ts'
import { filterBar } from './html-script.ts'
import type { PairedAnswer } from './paired-answers.ts'
import { distinctPart, sharedText } from './shared-text.ts'
import { escapeHtml as e } from './svg.ts'

export type AnswersById = Map<string, [PairedAnswer | null, PairedAnswer | null]>

const verdict = (ok: boolean) => `<span class="tag ${ok ? 'right' : 'wrong'}">${ok ? 'correct' : 'wrong'}</span>`

function answerCell(ok: boolean, a: PairedAnswer | null | undefined): string {
  const text = a ? (a.error ? `${a.answer}${a.answer ? '\n' : ''}[${a.error}]` : a.answer) : null
  const got = a?.extracted ? ` <span class="mono small">got <b>${e(head(40)(a.extracted))}</b></span>` : ''
  return folded(text, headAndTail, '', `<div>${verdict(ok)}${got}</div>`)
}

/** The two runs side by side on every sample whose verdict changed: the question, both answers, the reference. */
export function pairedSection(p: PairedComparison, labels: string[], answers: AnswersById | null): string {
  const c = p.pairing.counts
  const prompts = answers ? [...answers.values()].flatMap(([a, b]) => [a?.prompt ?? b?.prompt ?? null].filter((x): x is string => x !== null)) : []
  const shared = sharedText(prompts)
  const rows = p.pairing.changed
    .map((x) => {
      const [a, b] = answers?.get(x.record_id) ?? [null, null]
      const prompt = a?.prompt ?? b?.prompt ?? null
      const kind = x.before ? 'regression' : 'improvement'
      return `<tr data-kind="${kind}"><td class="mono">${e(x.record_id)}</td>${folded(prompt === null ? null : distinctPart(prompt, shared), head(120))}${answerCell(x.before, a)}${answerCell(x.after, b)}${referenceCell(a?.reference ?? b?.reference ?? null)}</tr>`
    })
    .join('\n')
  const kinds: [string, number][] = [['regression', c.baselineOnly], ['improvement', c.candidateOnly]]
  return `<section id="paired" data-filter><h2>Paired comparison</h2>
<p><b>${e(labels[0])}</b> → <b>${e(labels[1])}</b>: ${c.n} samples scored in both runs. Accuracy delta <b>${signed(p.delta)}</b> (95% paired-bootstrap CI ${interval(p.deltaCi)}); right → wrong ${c.baselineOnly}, wrong → right ${c.candidateOnly}; McNemar exact two-sided p = ${formatP(p.pTwoSided)}.</p>
${rows ? `${filterBar('Search id, question, answer…', kinds)}<table class="grid failures paired"><thead><tr><th>Record</th><th>Question (what differs)</th><th>#1 ${e(labels[0])}</th><th>#2 ${e(labels[1])}</th><th>Reference</th></tr></thead><tbody>${rows}</tbody></table>` : '<p class="empty">No sample changed its verdict.</p>'}</section>`
}
