// Reading judge replies: the structured yes/no verdict and the pairwise [[A>B]] token.
//
//   parseCorrectVerdict(text): CorrectVerdict     { verdict: true | false | null, extractedAnswer?, reasoning?, via? }
//   parsePairwiseVerdict(text): PairwiseToken | null
//   parseChecklist(text, n)                       (re-exported from checklist.ts)
//   field(line, key), yesNo(value)                one `key: value` line, and a yes/no value (rubric.ts reads fields with them)
//
// OpenJarvis read the FIRST "correct: yes|no" and fell back to "CORRECT" in the reply and "INCORRECT" not in it,
// or to "TRUE" anywhere (so "not true" was true); WildChat took the FIRST [[…]] token, often an echo of the
// instructions (openjarvis-evals.md §2.3, §2.4). Here the LAST verdict line counts, markdown is tolerated, a
// fallback never turns a negated or qualified word into its opposite, and anything unsure is null.
export { parseChecklist, type ChecklistItemVerdict, type ChecklistParse } from './checklist.ts'

export interface CorrectVerdict {
  verdict: boolean | null
  extractedAnswer?: string
  reasoning?: string
  /** How the verdict was read: the `correct:` line, a labelled verdict line, or verdict words in the reply. */
  via?: 'correct_line' | 'verdict_line' | 'tokens'
}

/** Markdown around a line: bullets, quotes, headings, bold/italic/code marks, surrounding quotes. */
function plainLine(line: string): string {
  return line
    .replace(/^\s*(?:[-*+>#]+\s+|\d+[.)]\s+)*/, '')
    .replace(/\*+|`+|~~|__/g, '') // not single "_": keys such as extracted_final_answer keep theirs
    .replace(/^\s*["']|["']\s*,?\s*$/g, '')
    .trim()
}

const YES = new Set(['yes', 'y', 'true', 'correct'])
const NO = new Set(['no', 'n', 'false', 'incorrect', 'wrong'])

/** The value of a `key: value` line, when the key matches; JSON-ish `"key": "value",` too. */
export function field(line: string, key: RegExp, separators = ':=：'): string | null {
  const p = plainLine(line).replace(/^["']/, '')
  const m = new RegExp(`^(?:${key.source})["']?\\s*[${separators}]\\s*(.*)$`, 'i').exec(p)
  return m ? m[1].replace(/^["'\s]+/, '').replace(/["']\s*,?\s*$/, '').trim() : null
}

/** yes/no at the start of a value; an echoed template ("yes or no", "<yes or no>") is no verdict. */
export function yesNo(value: string): boolean | null {
  const v = value.replace(/[*_`"'\[\]]/g, '').trim().toLowerCase()
  if (/^<|^(yes|no)\s*(\/|or)\s*(yes|no)\b/.test(v)) return null
  const m = /^(yes|no|true|false|correct|incorrect|y|n)\b(.*)$/.exec(v)
  if (!m) return null
  if (/^\s*(\/|or\s+(yes|no|true|false)\b)/.test(m[2])) return null // "yes/no", "yes or no", "n/a"
  return YES.has(m[1]) ? true : NO.has(m[1]) ? false : null
}

export function parseCorrectVerdict(text: string): CorrectVerdict {
  const lines = (text ?? '').replace(/```[a-z]*\n?/gi, '\n').split(/\r?\n/)
  const out: CorrectVerdict = { verdict: null }
  let correctAt = -1
  for (let i = 0; i < lines.length; i++) {
    const extracted = field(lines[i], /extracted[_ ]final[_ ]answer/)
    if (extracted !== null && extracted !== '') out.extractedAnswer = extracted
    const value = field(lines[i], /correct|is[_ ]correct/)
    if (value === null) continue
    const v = yesNo(value)
    if (v !== null) {
      out.verdict = v
      correctAt = i
    }
  }
  out.reasoning = reasoningBefore(lines, correctAt)
  if (!out.reasoning) delete out.reasoning
  if (out.verdict === null) {
    // one-line JSON or prose: {"reasoning": "…", "correct": "no"}
    const inline = [...(text ?? '').matchAll(/(?:^|[\s,;{(])["']?correct["']?\s*[:=]\s*["'*`]*(yes|no|true|false)\b(?!\s*(?:\/|or)\s*(?:yes|no))/gim)].at(-1)
    if (inline) out.verdict = YES.has(inline[1].toLowerCase())
    const ex = [...(text ?? '').matchAll(/["']?extracted[_ ]final[_ ]answer["']?\s*[:=]\s*"((?:[^"\\]|\\.)*)"/gi)].at(-1)
    if (ex && !out.extractedAnswer) out.extractedAnswer = ex[1]
  }
  if (out.verdict !== null) return { ...out, via: 'correct_line' }
  const labelled = verdictLine(lines)
  if (labelled !== null) return { ...out, verdict: labelled, via: 'verdict_line' }
  const tokens = verdictTokens(text ?? '')
  return tokens === null ? out : { ...out, verdict: tokens, via: 'tokens' }
}

/** The `reasoning:` field (it may run over several lines) up to the verdict line. */
function reasoningBefore(lines: string[], end: number): string | undefined {
  const stop = end < 0 ? lines.length : end
  for (let i = stop - 1; i >= 0; i--) {
    const first = field(lines[i], /reasoning|explanation/)
    if (first === null) continue
    return [first, ...lines.slice(i + 1, stop).map(plainLine)].filter(Boolean).join('\n').trim()
  }
  return undefined
}

/** "Verdict: INCORRECT", "Final grade: correct", "Judgement - yes": the last such line. */
function verdictLine(lines: string[]): boolean | null {
  for (let i = lines.length - 1; i >= 0; i--) {
    const value = field(lines[i], /(?:final\s+)?(?:verdict|grade|judge?ment|decision|evaluation|result)/, ':=：\\-–—')
    if (value === null) continue
    const v = yesNo(value) ?? wordVerdict(value)
    if (v !== null) return v
  }
  return null
}

/** A short verdict phrase: "correct", "not correct", "incorrect", "true", "not true". Qualified → null. */
function wordVerdict(value: string): boolean | null {
  return unanimous(verdictWords(value.toLowerCase().replace(/[*_`]/g, '')))
}

/**
 * Every verdict word of a reply, each read with its negation: "correct"/"true" → true, "incorrect",
 * "not correct", "false", "not true" → false. A qualified word ("partially correct", "not entirely true",
 * "not incorrect") makes the reply ambiguous. The reply decides only when all its verdict words agree.
 */
function verdictTokens(text: string): boolean | null {
  return unanimous(verdictWords(text.toLowerCase().replace(/[*_`]/g, '')))
}

const QUALIFIERS = /(partially|partly|mostly|almost|nearly|largely|half|somewhat|not\s+entirely|not\s+fully|not\s+completely|not\s+quite|not\s+necessarily|not\s+exactly)\s+$/

function verdictWords(t: string): (boolean | 'ambiguous')[] {
  const out: (boolean | 'ambiguous')[] = []
  const re = /\b(incorrect|correct|true|false|wrong)\b/g
  for (let m = re.exec(t); m; m = re.exec(t)) {
    const before = t.slice(Math.max(0, m.index - 40), m.index)
    // a field name at the start of a line or a JSON key ("correct": …, correct: yes/no) is no verdict word
    if (/^["']?\s*[:=]/.test(t.slice(m.index + m[0].length)) && /(^|[\n{,])\s*["']?$/.test(before)) continue
    // "the correct answer is 5" names the reference; it is no verdict on the prediction
    if (m[1] === 'correct' && /^\s*(answer|value|result|solution|option|choice|response)\b/.test(t.slice(m.index + m[0].length))) continue
    if (QUALIFIERS.test(before)) {
      out.push('ambiguous')
      continue
    }
    const negated = /\b(not|isn't|is\s+not|n't|never|no\s+longer)\s+(?:\w+\s+)?$/.test(before)
    const base = m[1] === 'correct' || m[1] === 'true'
    if (negated && !base) out.push('ambiguous') // "not incorrect", "not false": double negatives decide nothing
    else out.push(negated ? false : base)
  }
  return out
}

/** All verdict words agree (and none is ambiguous) → that verdict; otherwise null. */
function unanimous(words: (boolean | 'ambiguous')[]): boolean | null {
  if (words.length === 0 || words.includes('ambiguous')) return null
  return words.every((w) => w === words[0]) ? (words[0] as boolean) : null
}

export type PairwiseToken = 'A>>B' | 'A>B' | 'A=B' | 'B>A' | 'B>>A'

const TOKEN = /\[\[\s*[*_`]*\s*([AB])\s*(>>|<<|>|<|==|=)\s*([AB])\s*[*_`]*\s*\]\]/g

/**
 * The verdict token of a pairwise judge reply: a `"verdict": "[[…]]"` field when there is one (the JSON the
 * prompt asks for), else the last token of the reply. Tokens that list the choices are an echo of the
 * instructions, not a verdict, and are skipped: three or more different tokens on one line, or on a run of
 * consecutive lines.
 */
export function parsePairwiseVerdict(text: string): PairwiseToken | null {
  const t = text ?? ''
  const field = [...t.matchAll(new RegExp(`verdict["'*]*\\s*[:=]\\s*["'*]*\\s*${TOKEN.source}`, 'gi'))].at(-1)
  if (field) {
    const v = canonical(field[1].toUpperCase() as 'A' | 'B', field[2], field[3].toUpperCase() as 'A' | 'B')
    if (v) return v
  }
  const lines = t.split(/\r?\n/).map((line) =>
    [...line.matchAll(TOKEN)].map((m) => canonical(m[1].toUpperCase() as 'A' | 'B', m[2], m[3].toUpperCase() as 'A' | 'B')).filter((x): x is PairwiseToken => x !== null),
  )
  const echo = new Set<number>()
  for (let i = 0; i < lines.length; ) {
    if (lines[i].length === 0) {
      i++
      continue
    }
    let j = i
    const seen = new Set<PairwiseToken>()
    while (j < lines.length && lines[j].length > 0) lines[j++].forEach((x) => seen.add(x))
    if (seen.size >= 3) for (let k = i; k < j; k++) echo.add(k)
    i = j
  }
  for (let i = lines.length - 1; i >= 0; i--) if (!echo.has(i) && lines[i].length > 0) return lines[i].at(-1)!
  return null
}

function canonical(left: 'A' | 'B', op: string, right: 'A' | 'B'): PairwiseToken | null {
  if (left === right) return null
  if (op === '=' || op === '==') return 'A=B'
  const strong = op.length === 2
  const leftWins = op.startsWith('>')
  const winner = leftWins ? left : right
  return `${winner}${strong ? '>>' : '>'}${winner === 'A' ? 'B' : 'A'}` as PairwiseToken
}
