// The final answer of a model's worked solution.
//
//   extractBoxed(text): string | null            the LAST \boxed{…} / \fbox{…}, nested braces kept
//   extractFinalAnswer(text): ExtractedAnswer | null
//
// OpenJarvis read the FIRST \boxed with a regex that stops at the first "}", so \boxed{\frac{1}{2}} became
// "\frac{1" (openjarvis-evals.md §2.3). Here braces are balanced and the last boxed answer counts, since a
// model that revises itself boxes its final answer last.

export type ExtractMethod = 'boxed' | 'labelled' | 'last_line'

export interface ExtractedAnswer {
  answer: string
  /** 'boxed' and 'labelled' ("Final answer: …", "The answer is …") are explicit; 'last_line' is a guess. */
  method: ExtractMethod
}

/** Index just past the brace group that opens at `open` (text[open] === '{'), or -1 when unbalanced. */
export function closeBrace(text: string, open: number): number {
  let depth = 0
  for (let i = open; i < text.length; i++) {
    const c = text[i]
    if (c === '\\') {
      i++ // an escaped \{ or \} never opens or closes a group
      continue
    }
    if (c === '{') depth++
    else if (c === '}' && --depth === 0) return i + 1
  }
  return -1
}

export function extractBoxed(text: string): string | null {
  const re = /\\(?:boxed|fbox)\s*/g
  let last: string | null = null
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const at = m.index + m[0].length
    if (text[at] === '{') {
      const end = closeBrace(text, at)
      if (end > 0) last = text.slice(at + 1, end - 1).trim()
    } else {
      // "\boxed 5" (TeX allows a single token without braces)
      const tok = /^[^\s$]+/.exec(text.slice(at))
      if (tok && /\s$/.test(m[0])) last = tok[0]
    }
  }
  return last
}

const LABELS = [
  /\bfinal\s+answer\s*(?:is|:|：)\s*[:：]?\s*(.+)$/gim,
  /\b(?:the|my)\s+(?:final\s+)?answer\s+(?:is|would\s+be|=)\s*[:：]?\s*(.+)$/gim,
  /^[\s>*#_-]*answer\s*[*_]*\s*[:：]\s*(.+)$/gim,
]

export function extractFinalAnswer(text: string): ExtractedAnswer | null {
  const body = afterThinking(text)
  const boxed = extractBoxed(body)
  if (boxed !== null && boxed !== '') return { answer: boxed, method: 'boxed' }
  let best: { at: number; answer: string } | null = null
  for (const re of LABELS) {
    re.lastIndex = 0
    for (let m = re.exec(body); m; m = re.exec(body)) {
      const answer = cleanCaptured(m[1])
      if (answer && (!best || m.index >= best.at)) best = { at: m.index, answer }
    }
  }
  if (best) return { answer: best.answer, method: 'labelled' }
  const lines = body.split('\n').map((l) => cleanCaptured(l)).filter(Boolean)
  const last = lines.at(-1)
  return last ? { answer: last, method: 'last_line' } : null
}

/** Reasoning models may put their thinking in the content: the answer follows the last </think>. */
function afterThinking(text: string): string {
  const i = text.lastIndexOf('</think>')
  if (i < 0) return text
  const rest = text.slice(i + '</think>'.length)
  return rest.trim() ? rest : text
}

/** Markdown and math delimiters around a captured answer, and a sentence that goes on after it. */
export function cleanCaptured(raw: string): string {
  let s = raw.trim()
  s = s.replace(/^(?:[>#]+\s*|[*+-]\s+)+/, '') // quote, heading, bullet (not the sign of "-5")
  s = s.replace(/\*\*|__|`/g, '').trim()
  // "5. Next we check the result": cut after the first sentence; "St. Louis" stays whole.
  const cut = /\.\s+(?=\S+\s+\S+\s+\S)/.exec(s)
  if (cut) s = s.slice(0, cut.index)
  s = s.replace(/[.;,!]+$/, '').trim()
  for (;;) {
    const before = s
    s = s.replace(/^\$+([\s\S]*?)\$+$/, '$1').trim()
    s = s.replace(/^\\\(([\s\S]*)\\\)$/, '$1').trim()
    s = s.replace(/^\\\[([\s\S]*)\\\]$/, '$1').trim()
    s = s.replace(/^["“]([\s\S]*)["”]$/, '$1').trim()
    s = s.replace(/[.;,!]+$/, '').trim()
    if (s === before) break
  }
  return s
}
