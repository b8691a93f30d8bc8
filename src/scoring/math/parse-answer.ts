// The shape of a (cleaned) answer: a tuple or interval, a set or list, an interval union, an equation, a
// matrix, words, or one expression. Shapes are what keep "(1,2)" from ever equalling "12".
//
//   parseAnswer(text): MathAnswer        text: the output of cleanLatex
import { closeBrace } from './extract-answer.ts'
import { inequalityInterval } from './inequality.ts'
import { isWordy } from './latex.ts'

export type MathAnswer =
  /** `lhs`: the variable of "y = 2x + 3", kept in case the other answer is an equation. */
  | { kind: 'expr'; tex: string; lhs?: string }
  | { kind: 'text'; text: string }
  /** (1, 2), [1, 2), (-\infty, 3]: ordered, brackets compared too. */
  | { kind: 'tuple'; open: string; close: string; items: MathAnswer[] }
  /** \{1, 2\} or a bare list "1, -2" (MATH's "enter all solutions"): order does not matter. */
  | { kind: 'set'; braces: boolean; items: MathAnswer[] }
  | { kind: 'union'; items: MathAnswer[] }
  | { kind: 'equation'; lhs: string; rhs: string }
  | { kind: 'matrix'; rows: MathAnswer[][] }

const SET_OPEN = '\u2983'
const SET_CLOSE = '\u2984'
const OPENERS = `([{${SET_OPEN}`
const CLOSERS = `)]}${SET_CLOSE}`
const THOUSANDS = /^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$/
const VAR = String.raw`(?:[a-zA-Z]|\\[a-zA-Z]+)(?:_\{?\w+\}?)?`
/** A left side that only names what the right side is: a tuple of variables, or f(x) / p(8). */
const NAMING = new RegExp(String.raw`^\s*(?:\(\s*${VAR}(?:\s*,\s*${VAR})+\s*\)|[a-zA-Z]\s*\(\s*[a-zA-Z0-9]+\s*\))\s*$`)

export function parseAnswer(text: string): MathAnswer {
  return parse(text.replace(/\\\{/g, SET_OPEN).replace(/\\\}/g, SET_CLOSE).trim())
}

function parse(input: string): MathAnswer {
  const s = input.trim()
  // a matrix in brackets, "\left[\begin{array}…\end{array}\right]" (the \left/\right are gone by now)
  const wrapped = /^[[(]\s*(\\begin\{([pbvBV]?matrix|array)\}[\s\S]*\\end\{\2\})\s*[\])]$/.exec(s)
  if (wrapped) return parse(wrapped[1])
  // one matrix: "A + B" of two matrices is not one (the inner part holds no other \begin or \end)
  const matrix = /^\\begin\{([pbvBV]?matrix|array)\}(?:\{[^}]*\})?((?:(?!\\begin\{|\\end\{)[\s\S])*)\\end\{\1\}$/.exec(s)
  if (matrix) {
    const rows = matrix[2].split(/\\\\/).map((r) => r.trim()).filter(Boolean)
    return { kind: 'matrix', rows: rows.map((r) => r.split('&').map((c) => parse(c))) }
  }
  const union = splitTop(s, /^\\cup\b/)
  if (union.length > 1) return { kind: 'union', items: union.map(parse) }
  if (s.startsWith(SET_OPEN) && matchingClose(s, 0) === s.length - 1) {
    const inner = s.slice(1, -1).trim()
    return { kind: 'set', braces: true, items: inner ? splitTop(inner, /^[,;]/).map(parse) : [] }
  }
  // "{1, 2}" with plain braces is a set too; "{5}" is only a group
  if (s.startsWith('{') && closeBrace(s, 0) === s.length) {
    const items = splitTop(s.slice(1, -1), /^[,;]/)
    return items.length > 1 ? { kind: 'set', braces: true, items: items.map(parse) } : parse(s.slice(1, -1))
  }
  if ('(['.includes(s[0]) && ')]'.includes(s.at(-1)!) && matchingClose(s, 0) === s.length - 1) {
    const parts = splitTop(s.slice(1, -1), /^,/)
    if (parts.length >= 2) return { kind: 'tuple', open: s[0], close: s.at(-1)!, items: parts.map(parse) }
  }
  if (THOUSANDS.test(s)) return { kind: 'expr', tex: s.replace(/,/g, '') }
  const list = splitTop(s, /^(,|;|\\text\s*\{\s*(?:or|and)\s*\}|\s+(?:or|and)\s+)/)
  if (list.length > 1) return { kind: 'set', braces: false, items: list.map(parse) }
  // "x > 3" is the interval (3, \infty); "-2 \le x \le 7" is [-2, 7]
  const interval = inequalityInterval(s)
  if (interval) return { kind: 'tuple', open: interval.open, close: interval.close, items: [parse(interval.lo), parse(interval.hi)] }
  // "x = 5", "x \in [-2, 7]", "y = 2x + 3": the value, when the left side is one variable
  const named = /^([a-zA-Z](?:_\{?\w+\}?)?|\\[a-zA-Z]+)\s*(?:=|\\in\b)\s*([\s\S]+)$/.exec(s)
  if (named && splitTop(named[2], /^=/).length === 1 && !isWordy(named[1])) {
    const value = parse(named[2])
    return value.kind === 'expr' && s.includes('=') ? { ...value, lhs: named[1] } : value
  }
  // "1 \pm \sqrt{2}": both roots
  const pm = s.split(/\\pm\b/)
  if (pm.length === 2) return { kind: 'set', braces: false, items: [parse(`${pm[0]}+${pm[1]}`), parse(`${pm[0]}-${pm[1]}`)] }
  const sides = splitTop(s, /^=/)
  // "(p, q) = (3, 2)", "f(x) = 2x + 1", "p(8) = 5": the left side names the value on the right
  if (sides.length === 2 && NAMING.test(sides[0])) return parse(sides[1])
  if (sides.length === 2 && sides[0].trim() && sides[1].trim()) return { kind: 'equation', lhs: sides[0].trim(), rhs: sides[1].trim() }
  if (isWordy(s)) return { kind: 'text', text: s }
  return { kind: 'expr', tex: s }
}

/** Index of the bracket closing the one at `open` (any bracket kind: intervals mix "[" and ")"). */
function matchingClose(s: string, open: number): number {
  let depth = 0
  for (let i = open; i < s.length; i++) {
    if (s[i] === '\\') {
      i++
      continue
    }
    if (OPENERS.includes(s[i])) depth++
    else if (CLOSERS.includes(s[i]) && --depth === 0) return i
  }
  return -1
}

/** Splits at separators that are outside every bracket; `sep` is anchored at the current position. */
export function splitTop(s: string, sep: RegExp): string[] {
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < s.length; i++) {
    const c = s[i]
    if (c === '\\' && depth === 0) {
      const m = sep.exec(s.slice(i))
      if (m) {
        parts.push(s.slice(start, i))
        i += m[0].length - 1
        start = i + 1
        continue
      }
      i++
      continue
    }
    if (OPENERS.includes(c)) depth++
    else if (CLOSERS.includes(c)) depth = Math.max(0, depth - 1)
    else if (depth === 0) {
      const m = sep.exec(s.slice(i))
      if (m && m[0].length > 0) {
        parts.push(s.slice(start, i))
        i += m[0].length - 1
        start = i + 1
      }
    }
  }
  parts.push(s.slice(start))
  return parts.map((p) => p.trim()).filter((p, k, all) => p !== '' || all.length === 1)
}
