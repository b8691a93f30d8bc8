// The final answer of a model's worked solution.
//
//   extractBoxed(text): string | null            the LAST \boxed{…} / \fbox{…}, nested braces kept
//   extractBoxedAnswer(text): string | null      the same with the boxes joined to it (a reference's answer)
//   extractFinalAnswer(text): ExtractedAnswer | null
//
// OpenJarvis read the FIRST \boxed with a regex that stops at the first "}", so \boxed{\frac{1}{2}} became
// "\frac{1" (openjarvis-evals.md §2.3). Here braces are balanced and the last boxed answer counts, since a
// model that revises itself boxes its final answer last. Boxes joined only by "and", commas or "x =" are one
// answer (`\boxed{-2} and \boxed{1}` is "-2, 1"). A "final answer" statement AFTER the last box beats it (an
// intermediate result was boxed); the box is kept as `alternative`. With neither, the last math span of the
// final sentence is the answer (lastMathSpan), as mature graders read free text.
import { lastMathSpan } from './final-span.ts'

export type ExtractMethod = 'boxed' | 'labelled' | 'last_span' | 'last_line'

export interface ExtractedAnswer {
  answer: string
  /**
   * 'boxed' and 'labelled' ("Final answer: …", "The answer is …") are explicit; 'last_span' is the one math
   * span of the final sentence ("Therefore the area is $12$."); 'last_line' is a guess.
   */
  method: ExtractMethod
  /** The boxed answer a later final statement overrode: the fast path never calls it wrong by the label alone. */
  alternative?: string
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

interface Box {
  start: number
  end: number
  content: string
}

function boxes(text: string): Box[] {
  const out: Box[] = []
  const re = /\\(?:boxed|fbox)\s*/g
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const at = m.index + m[0].length
    if (text[at] === '{') {
      const end = closeBrace(text, at)
      if (end > 0) out.push({ start: m.index, end, content: text.slice(at + 1, end - 1).trim() })
    } else {
      // "\boxed 5" (TeX allows a single token without braces)
      const tok = /^[^\s$]+/.exec(text.slice(at))
      if (tok && /\s$/.test(m[0])) out.push({ start: m.index, end: at + tok[0].length, content: tok[0] })
    }
  }
  return out
}

export function extractBoxed(text: string): string | null {
  return boxes(text).at(-1)?.content ?? null
}

/** The final boxed answer with the boxes joined to it ("\boxed{1}\boxed{2}" is "1, 2"), or null. */
export function extractBoxedAnswer(text: string): string | null {
  return finalBoxGroup(text, boxes(text))?.answer ?? null
}

const LABEL = String.raw`([a-zA-Z](?:_\{?\w+\}?)?)\s*=\s*\$?\s*$`
/** What may sit between boxes that form one answer: math delimiters, "and"/"or", commas, "x =", \quad. */
const CONNECTOR = /^(?:\s|\$|\\[()[\]]|\\q?quad|\\text\s*\{\s*(?:and|or|,)?\s*\}|\band\b|\bor\b|[,;&]|\\\\|\\[,;!]|[a-zA-Z](?:_\{?\w+\}?)?\s*=)*$/

/** The last box, with the boxes just before it that are joined to it by connectors only. */
function finalBoxGroup(text: string, all: Box[]): { answer: string; start: number; end: number } | null {
  const last = all.at(-1)
  if (!last || last.content === '') return null
  const group = [last]
  for (let k = all.length - 2; k >= 0; k--) {
    const between = text.slice(all[k].end, group[0].start)
    if (between.length > 80 || !CONNECTOR.test(between) || all[k].content === '') break
    group.unshift(all[k])
  }
  if (group.every((b) => b.content === last.content)) return { answer: last.content, start: group[0].start, end: last.end }
  // "a = \boxed{3}, b = \boxed{2}": keep the names when every box has one
  const labels = group.map((b) => new RegExp(LABEL).exec(text.slice(Math.max(0, b.start - 20), b.start))?.[1] ?? null)
  const parts = group.map((b, i) => (labels.every((l) => l !== null) && !/=/.test(b.content) ? `${labels[i]} = ${b.content}` : b.content))
  return { answer: parts.join(', '), start: group[0].start, end: last.end }
}

const LABELS = [
  /\bfinal\s+answer\s*(?:is|:|：)\s*[:：]?\s*(.+)$/gim,
  /\b(?:the|my)\s+(?:final\s+)?answer\s+(?:is|would\s+be|=)\s*[:：]?\s*(.+)$/gim,
  /^[\s>*#_-]*answer\s*[*_]*\s*[:：]\s*(.+)$/gim,
  // "**Final Answer**" on its own line, the answer on the next
  /^[\s#*_]*final\s+answer[\s*_:：]*\n+\s*(\S.*)$/gim,
]

/** The last labelled answer ("Final answer: …", "The answer is …"), at or after `from`. */
function lastLabelled(body: string, from = 0): { at: number; answer: string } | null {
  let best: { at: number; answer: string } | null = null
  for (const re of LABELS) {
    re.lastIndex = 0
    for (let m = re.exec(body); m; m = re.exec(body)) {
      const answer = cleanCaptured(m[1]).replace(/^(?:the\s+)?(?:final\s+)?answer\s+is\s*[:：]?\s*/i, '')
      const cleaned = cleanCaptured(answer)
      if (cleaned && m.index >= from && (!best || m.index >= best.at)) best = { at: m.index, answer: cleaned }
    }
  }
  return best
}

export function extractFinalAnswer(text: string): ExtractedAnswer | null {
  const body = afterThinking(text)
  const group = finalBoxGroup(body, boxes(body))
  if (group) {
    // a final statement after the last box (not one that contains it) beats it
    const later = lastLabelled(body, group.end)
    if (later && /final\s+answer|answer\s+is/i.test(body.slice(later.at, later.at + 40)) && later.answer !== group.answer) {
      return { answer: later.answer, method: 'labelled', alternative: group.answer }
    }
    return { answer: group.answer, method: 'boxed' }
  }
  const labelled = lastLabelled(body)
  if (labelled) return valueOfStatement(labelled.answer)
  const span = lastMathSpan(body)
  if (span) return span
  const lines = body.split('\n').map((l) => cleanCaptured(l)).filter(Boolean)
  const last = lines.at(-1)
  return last ? { answer: last, method: 'last_line' } : null
}

/**
 * "Final Answer: The largest $n$ is 34." labels a sentence: its value is what follows the last "is"
 * ("34"), else the sentence's one math span or number (lastMathSpan); a plain label stays as it is.
 */
function valueOfStatement(answer: string): ExtractedAnswer {
  const words = (s: string) => s.replace(/\$[^$]*\$/g, ' ').match(/[a-zA-Z]{3,}/g) ?? []
  const tail = /^(.*\S)\s+(?:is|are|equals|was)\s+(\S.*)$/i.exec(answer)
  if (tail && words(tail[1]).length > 0) {
    const value = cleanCaptured(tail[2])
    if (value && words(value).length === 0) return { answer: value, method: 'labelled' }
  }
  if (words(answer).length < 3) return { answer, method: 'labelled' }
  return lastMathSpan(answer) ?? { answer, method: 'labelled' }
}

/**
 * Reasoning models may put their thinking in the content: the answer follows the last </think>. A model that
 * runs past its end token ("… is 2/3. <|im_start|>user …") ends there.
 */
function afterThinking(text: string): string {
  const end = /<\|(?:im_start|im_end|endoftext|eot_id|end_of_text)\|>/.exec(text)
  const cut = end ? text.slice(0, end.index) : text
  const i = cut.lastIndexOf('</think>')
  if (i < 0) return cut
  const rest = cut.slice(i + '</think>'.length)
  return rest.trim() ? rest : cut
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
