import type { FailedSample } from './failed-sample.ts'
import { filterBar } from './html-script.ts'
import type { RunData } from './run-data.ts'
import { distinctPart, sharedText, type SharedText } from './shared-text.ts'
import { escapeHtml as e } from './svg.ts'

const MAX_CHARS = 20_000

const clip = (s: string) => (s.length > MAX_CHARS ? `${s.slice(0, MAX_CHARS)}\n… (${s.length - MAX_CHARS} more characters)` : s)
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim()

/** A folded text: the summary line says what it is, the whole text opens below; `lead` (HTML) goes first. */
export function folded(s: string | null, summary: (s: string) => string, cls = '', lead = ''): string {
  if (s === null || s === '') return `<td class="${cls}">${lead}<span class="muted">–</span></td>`
  const full = clip(s)
  if (full.length <= 160 && !full.includes('\n')) return `<td class="${cls}">${lead}<div class="pre">${e(full)}</div></td>`
  return `<td class="${cls}">${lead}<details><summary>${e(summary(full))}</summary><div class="pre">${e(full)}</div></details></td>`
}

/** The start of a text on one line. */
export const head = (n: number) => (s: string) => {
  const t = oneLine(s)
  return t.length > n ? `${t.slice(0, n - 1)}…` : t
}

/** An agent's transcript folds under the answer: one line saying how long it was, the turns inside. */
function transcript(t: string | undefined): string {
  if (!t) return ''
  const turns = (t.match(/^── assistant/gm) ?? []).length
  const calls = (t.match(/^→ /gm) ?? []).length
  return `<details class="transcript"><summary>transcript: ${turns} turn(s), ${calls} tool call(s)</summary><div class="pre">${e(t.length > 40_000 ? `${t.slice(0, 40_000)}\n…` : t)}</div></details>`
}

/** A model answer's start and end on one line: the end is where the final answer usually is. */
export const headAndTail = (s: string) => {
  const t = oneLine(s)
  return t.length > 150 ? `${t.slice(0, 70)} … ${t.slice(-70)}` : t
}

/** Reference and extracted answer, side by side (the quickest way to see why a sample failed). */
export function verdictCell(reference: string | null, extracted: string | null): string {
  if (reference === null && extracted === null) return '<td class="muted">–</td>'
  const v = (x: string | null) => (x === null ? '<span class="muted">–</span>' : `<b>${e(head(80)(x))}</b>`)
  return `<td class="mono ref">ref ${v(reference)}<br>got ${v(extracted)}</td>`
}

export const referenceCell = (reference: string | null): string => (reference === null ? '<td class="muted">–</td>' : `<td class="mono ref"><b>${e(head(80)(reference))}</b></td>`)

function row(f: FailedSample, shared: SharedText): string {
  const question = f.prompt === null ? null : distinctPart(f.prompt, shared)
  const answer = f.error ? `${f.model_answer}${f.model_answer ? '\n' : ''}[${f.error}]` : f.model_answer
  const answerCell = folded(answer, headAndTail).replace(/<\/td>$/, `${transcript(f.transcript)}</td>`)
  return `<tr class="${f.kind}" data-kind="${f.kind}"><td class="mono">${e(f.record_id)}${f.subject ? `<div class="muted small">${e(f.subject)}</div>` : ''}</td><td><span class="tag ${f.kind}">${f.kind}</span></td>${folded(question, head(140))}${answerCell}${verdictCell(f.reference, f.extracted)}${folded(f.judge, head(100))}</tr>`
}

function sharedNote(shared: SharedText): string {
  if (!shared.prefix && !shared.suffix) return ''
  const part = (title: string, s: string) => (s ? `<div class="muted small">${title}</div><div class="pre wide">${e(clip(s))}</div>` : '')
  return `<details class="shared"><summary>Every prompt below shares its instruction (${shared.prefix.length + shared.suffix.length} characters), shown here once; the rows show what differs.</summary>${part('Before the question', shared.prefix)}${part('After it', shared.suffix)}</details>`
}

/** `index`: the run's place, for the section's anchor (#failures-1, #failures-2 …). */
export function failedSamplesSection(run: RunData, label: string, color: string, index = 0): string {
  const heading = `<h2><span class="dot" style="background:${color}"></span>Failed samples — ${e(label)}</h2>`
  if (!run.paths.jsonl) return `<section>${heading}<p class="empty">No JSONL next to ${e(run.paths.input)}: only the summary was read.</p></section>`
  if (run.failuresTotal === 0) return `<section>${heading}<p class="empty">Every scored sample was correct.</p></section>`
  const more = run.failuresTotal > run.failures.length ? ` (the first ${run.failures.length} are listed)` : ''
  const shared = sharedText(run.failures.flatMap((f) => (f.prompt === null ? [] : [f.prompt])))
  const counts = new Map<string, number>()
  for (const f of run.failures) counts.set(f.kind, (counts.get(f.kind) ?? 0) + 1)
  return `<section id="failures-${index + 1}" data-filter>${heading}<p class="muted">${run.failuresTotal} wrong, errored or unscored samples${more}.</p>
${filterBar('Search id, question, answer…', [...counts])}${sharedNote(shared)}
<table class="grid failures"><thead><tr><th>Record</th><th>Kind</th><th>Question (what differs)</th><th>Model answer</th><th>Reference / extracted</th><th>Judge</th></tr></thead>
<tbody>${run.failures.map((f) => row(f, shared)).join('\n')}</tbody></table></section>`
}
