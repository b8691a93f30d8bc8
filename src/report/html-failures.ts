import type { FailedSample } from './failed-sample.ts'
import type { RunData } from './run-data.ts'
import { escapeHtml as e } from './svg.ts'

/** Long texts fold away so the table stays scannable; everything is escaped. */
function cell(s: string | null, cls = ''): string {
  if (s === null || s === '') return `<td class="muted ${cls}">–</td>`
  const clipped = s.length > 20_000 ? `${s.slice(0, 20_000)}\n… (${s.length - 20_000} more characters)` : s
  if (clipped.length <= 160) return `<td class="${cls}"><div class="pre">${e(clipped)}</div></td>`
  return `<td class="${cls}"><details><summary>${e(clipped.slice(0, 120))}…</summary><div class="pre">${e(clipped)}</div></details></td>`
}

/** An agent's transcript folds under the answer: one line saying how long it was, the turns inside. */
function transcript(t: string | undefined): string {
  if (!t) return ''
  const turns = (t.match(/^── assistant/gm) ?? []).length
  const calls = (t.match(/^→ /gm) ?? []).length
  return `<details class="transcript"><summary>transcript: ${turns} turn(s), ${calls} tool call(s)</summary><div class="pre">${e(t.length > 40_000 ? `${t.slice(0, 40_000)}\n…` : t)}</div></details>`
}

function row(f: FailedSample): string {
  const ref = f.reference !== null || f.extracted !== null ? `${f.reference ?? '–'} / ${f.extracted ?? '–'}` : null
  const answer = cell(f.error ? `${f.model_answer}${f.model_answer ? '\n' : ''}[${f.error}]` : f.model_answer).replace(/<\/td>$/, `${transcript(f.transcript)}</td>`)
  return `<tr class="${f.kind}"><td class="mono">${e(f.record_id)}${f.subject ? `<div class="muted small">${e(f.subject)}</div>` : ''}</td><td><span class="tag ${f.kind}">${f.kind}</span></td>${cell(f.prompt)}${answer}${cell(ref, 'mono')}${cell(f.judge)}</tr>`
}

export function failedSamplesSection(run: RunData, label: string, color: string): string {
  const head = `<h2><span class="dot" style="background:${color}"></span>Failed samples — ${e(label)}</h2>`
  if (!run.paths.jsonl) return `<section>${head}<p class="empty">No JSONL next to ${e(run.paths.input)}: only the summary was read.</p></section>`
  if (run.failuresTotal === 0) return `<section>${head}<p class="empty">Every scored sample was correct.</p></section>`
  const more = run.failuresTotal > run.failures.length ? ` (first ${run.failures.length} shown)` : ''
  return `<section>${head}<p class="muted">${run.failuresTotal} wrong, errored or unscored samples${more}.</p>
<table class="grid failures"><thead><tr><th>Record</th><th>Kind</th><th>Prompt</th><th>Model answer</th><th>Reference / extracted</th><th>Judge</th></tr></thead>
<tbody>${run.failures.map(row).join('\n')}</tbody></table></section>`
}
