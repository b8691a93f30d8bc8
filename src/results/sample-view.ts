import type { SampleResult } from '../core/sample-result.ts'
import { clipMiddle, evidenceOf } from './sample-evidence.ts'

// A sample as a person reads it in the Vitest UI / html report: Test Meta shows each meta value in a <pre>
// that does not wrap, and `jarvis` is JSON whose prompt is one escaped line. This text has real line breaks,
// wrapped to WIDTH, and goes into meta().jarvisSample (before meta().jarvis, so the UI shows it first).

const WIDTH = 72 // what fits the UI's meta column beside its sidebar on a 1400-pixel window
const MAX_TEXT = 4000

/** Wraps each line at word boundaries to `width` (a word longer than that is cut). */
export function wrapText(text: string, width = WIDTH): string {
  const out: string[] = []
  for (const line of text.split('\n')) {
    let rest = line.trimEnd()
    while (rest.length > width) {
      const cut = rest.lastIndexOf(' ', width)
      const at = cut > width / 3 ? cut : width
      out.push(rest.slice(0, at))
      rest = rest.slice(at).replace(/^ /, '')
    }
    out.push(rest)
  }
  return out.join('\n')
}

const verdictOf = (r: SampleResult) => (r.error ? 'error' : r.is_correct === true ? 'correct' : r.is_correct === false ? 'wrong' : 'unscored')

/** The readable view of a sample: verdict, reference / extracted, prompt, answer, judge. */
export function sampleView(r: SampleResult, prompt: string | null): string {
  const meta = (r.scoring_metadata ?? {}) as Record<string, unknown>
  const ev = evidenceOf(meta)
  const head = [`${r.record_id} · ${verdictOf(r)}${r.subject ? ` · ${r.subject}` : ''}`]
  if (ev.reference !== null || ev.extracted !== null) head.push(`reference ${ev.reference ?? '–'} · extracted ${ev.extracted ?? '–'}`)
  if (typeof meta.reason === 'string') head.push(`reason: ${meta.reason}`)
  if (r.error) head.push(`error: ${r.error}`)
  const block = (title: string, text: string | null) => (text ? `── ${title} ──\n${wrapText(clipMiddle(text, MAX_TEXT))}` : '')
  return [wrapText(head.join('\n')), block('prompt', prompt), block('model answer', r.model_answer || null), block('judge', ev.judge)].filter(Boolean).join('\n\n')
}
