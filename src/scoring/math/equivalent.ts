// Is a model's final answer mathematically the reference? Decided before any judge call.
//
//   mathEquivalent(answer, reference): { equivalent: true | false | 'unsure', method }
//
// 'unsure' means "could not decide" (words, an unknown unit, an identity only on a half-line, …): the judge
// decides then. A shape mismatch (a tuple against a number) is false; list-like shapes that differ (a bare
// list against a tuple) are unsure. Units are compared (units.ts): never is `5 m` equal to `5 cm`.
import { decimalCommaReadings } from './decimal-comma.ts'
import { equationsEqual, expressionsEqual, type Verdict } from './evaluate.ts'
import { cleanLatex, latexToMathjs, UnsupportedLatex, type CleanedAnswer } from './latex.ts'
import { FUNCTIONS } from './latex-convert.ts'
import { parseAnswer, type MathAnswer } from './parse-answer.ts'
import { unitRelation } from './units.ts'

export type EquivalenceMethod = 'string' | 'numeric' | 'symbolic' | 'structure' | 'choice' | 'text' | 'unit' | 'empty' | 'unparseable'

export interface Equivalence {
  equivalent: Verdict
  method: EquivalenceMethod
}

const MAX_LENGTH = 400

export function mathEquivalent(answer: string, reference: string): Equivalence {
  if (!answer.trim()) return { equivalent: false, method: 'empty' }
  if (!reference.trim() || answer.length > MAX_LENGTH || reference.length > MAX_LENGTH) return { equivalent: 'unsure', method: 'unparseable' }
  const a = cleanLatex(answer)
  const r = cleanLatex(reference)
  const units = unitRelation(a.unit, r.unit)
  if (units === 'incompatible') return { equivalent: false, method: 'unit' }
  if (units === 'unsure') return { equivalent: 'unsure', method: 'unparseable' }
  const factor = units === 'none' ? 1 : units.factor
  if (factor === 1 && squash(a.text) === squash(r.text) && a.text !== '') return { equivalent: true, method: 'string' }
  // "1000,99" is a decimal comma against a number, a list against a list; "1,234" against 1.234 is unsure
  const readings = decimalCommaReadings(a.text, r.text)
  if (readings === null) return { equivalent: 'unsure', method: 'unparseable' }
  const [at, rt] = readings
  let pa: MathAnswer
  let pr: MathAnswer
  try {
    pa = parseAnswer(at)
    pr = parseAnswer(rt)
  } catch {
    return { equivalent: 'unsure', method: 'unparseable' }
  }
  const out = new Comparer(a, r, factor).compare(pa, pr)
  return out.equivalent !== 'unsure' && factor !== 1 ? { ...out, method: 'unit' } : out
}

const squash = (s: string) => s.replace(/\s+/g, '').replace(/\\(?:text|mathrm|textbf|mbox)\{([^{}]*)\}/g, '$1')

/** Text answers: case, spacing, \text wrappers and a final period do not matter. */
export function normalizeTextAnswer(s: string): string {
  return s
    .replace(/\\(?:text|textbf|textit|mathrm|mbox|textnormal)\s*\{([^{}]*)\}/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.]+$/, '')
    .toLowerCase()
}

const LETTER = /^\(?([a-j])\)?$/

class Comparer {
  private method: EquivalenceMethod = 'structure'
  constructor(
    private readonly a: CleanedAnswer,
    private readonly r: CleanedAnswer,
    /** The answer's value × factor is in the reference's unit. */
    private readonly factor: number,
  ) {}

  compare(x: MathAnswer, y: MathAnswer): Equivalence {
    // a unit conversion applies to one value, not to the parts of a tuple
    if (this.factor !== 1 && (x.kind !== 'expr' || y.kind !== 'expr')) return { equivalent: 'unsure', method: 'unparseable' }
    const v = this.node(x, y)
    return { equivalent: v, method: v === 'unsure' ? 'unparseable' : this.method }
  }

  private node(x: MathAnswer, y: MathAnswer): Verdict {
    if (x.kind === 'text' || y.kind === 'text') return this.text(x, y)
    if (x.kind === 'expr' && y.kind === 'expr') return this.expr(x.tex, y.tex)
    if (x.kind === 'equation' && y.kind === 'equation') {
      const v = this.sides(x, y)
      if (v !== false) this.method = 'symbolic'
      return v
    }
    // "2x - y + 3 = 0" against "y = 2x + 3" (read as the value 2x + 3 with lhs y)
    if (x.kind === 'equation' && y.kind === 'expr' && y.lhs) return this.node(x, { kind: 'equation', lhs: y.lhs, rhs: y.tex })
    if (y.kind === 'equation' && x.kind === 'expr' && x.lhs) return this.node({ kind: 'equation', lhs: x.lhs, rhs: x.tex }, y)
    if (x.kind === 'equation' || y.kind === 'equation') return 'unsure'
    if (x.kind === 'expr' || y.kind === 'expr') {
      // a number against a tuple or list is wrong, unless the number is not math we can read
      const e = (x.kind === 'expr' ? x : y) as Extract<MathAnswer, { kind: 'expr' }>
      return this.readable(e.tex) ? false : 'unsure'
    }
    if (x.kind === 'tuple' && y.kind === 'tuple') {
      if (x.open !== y.open || x.close !== y.close || x.items.length !== y.items.length) return false
      return all(x.items.map((xi, i) => this.node(xi, y.items[i])))
    }
    if (x.kind === 'set' && y.kind === 'set') return this.assignments(x.items, y.items) ?? this.unordered(x.items, y.items)
    if (x.kind === 'union' || y.kind === 'union') {
      // "x < -1 or x > 1" is a bare list of intervals: the union of them
      const pieces = (n: MathAnswer) => (n.kind === 'union' ? n.items : n.kind === 'tuple' ? [n] : n.kind === 'set' && !n.braces && n.items.every((i) => i.kind === 'tuple') ? n.items : null)
      const xs = pieces(x)
      const ys = pieces(y)
      return xs && ys ? this.unordered(xs, ys) : 'unsure'
    }
    if (x.kind === 'matrix' || y.kind === 'matrix') return this.matrix(x, y)
    return 'unsure' // a tuple against a bare list: the judge reads the question
  }

  private expr(x: string, y: string): Verdict {
    let mx: string
    let my: string
    try {
      mx = latexToMathjs(x)
      my = latexToMathjs(y)
    } catch (e) {
      if (e instanceof UnsupportedLatex) return 'unsure'
      throw e
    }
    if (this.factor !== 1) mx = `(${mx}) * ${this.factor}`
    let v = expressionsEqual(mx, my)
    // "10\%" against "0.1" or "10": a percent sign may or may not have been meant as /100
    if (v === false && this.a.percent !== this.r.percent) {
      const scaled = this.a.percent ? expressionsEqual(`(${mx}) / 100`, my) : expressionsEqual(mx, `(${my}) / 100`)
      if (scaled === true) v = true
    }
    // "2.6667" against 8/3: a rounded decimal is not proven wrong; the judge reads the question's precision
    if (v === false && (rounded(x, my) || rounded(y, mx))) v = 'unsure'
    if (v !== 'unsure' && this.method !== 'symbolic') this.method = /[a-zA-Z]/.test(`${mx} ${my}`.replace(/\b[a-zA-Z]+\b/g, (w) => (FUNCTIONS.has(w) || ['pi', 'e', 'i', 'Infinity'].includes(w) ? '' : w))) ? 'symbolic' : 'numeric'
    return v
  }

  private readable(tex: string): boolean {
    try {
      latexToMathjs(tex)
      return true
    } catch {
      return false
    }
  }

  private sides(x: Extract<MathAnswer, { kind: 'equation' }>, y: Extract<MathAnswer, { kind: 'equation' }>): Verdict {
    try {
      return equationsEqual([latexToMathjs(x.lhs), latexToMathjs(x.rhs)], [latexToMathjs(y.lhs), latexToMathjs(y.rhs)])
    } catch (e) {
      if (e instanceof UnsupportedLatex) return 'unsure'
      throw e
    }
  }

  private text(x: MathAnswer, y: MathAnswer): Verdict {
    const show = (n: MathAnswer) => (n.kind === 'text' ? n.text : n.kind === 'expr' ? n.tex : null)
    const sx = show(x)
    const sy = show(y)
    if (sx === null || sy === null) return 'unsure'
    const nx = normalizeTextAnswer(sx)
    const ny = normalizeTextAnswer(sy)
    const lx = LETTER.exec(nx)
    const ly = LETTER.exec(ny)
    if (lx && ly) {
      this.method = 'choice'
      return lx[1] === ly[1]
    }
    if (nx === ny) {
      this.method = 'text'
      return true
    }
    return 'unsure'
  }

  private matrix(x: MathAnswer, y: MathAnswer): Verdict {
    const rows = (n: MathAnswer): MathAnswer[][] | null =>
      n.kind === 'matrix' ? n.rows : n.kind === 'tuple' && n.open === '(' ? n.items.map((i) => [i]) : null
    let rx = rows(x)
    let ry = rows(y)
    if (!rx || !ry) return 'unsure'
    // a row vector written as a tuple against a column vector: compare the entries
    if (rx.length === 1 && ry.every((r) => r.length === 1)) rx = rx[0].map((c) => [c])
    if (ry.length === 1 && rx.every((r) => r.length === 1)) ry = ry[0].map((c) => [c])
    if (rx.length !== ry.length || rx.some((r, i) => r.length !== ry![i].length)) return false
    return all(rx.flatMap((r, i) => r.map((c, j) => this.node(c, ry![i][j]))))
  }

  /**
   * "k = 45, n = 2" against "n = 2, k = 45": assignments match by name, so "k = 2, n = 45" is not the same
   * answer. Null when either side is not all single-variable assignments (then order does not matter).
   */
  private assignments(xs: MathAnswer[], ys: MathAnswer[]): Verdict | null {
    const named = (items: MathAnswer[]) => {
      const m = new Map<string, MathAnswer>()
      for (const i of items) {
        if (i.kind !== 'expr' || !i.lhs || m.has(i.lhs)) return null
        m.set(i.lhs, i)
      }
      return m
    }
    const mx = named(xs)
    const my = named(ys)
    if (!mx || !my) return null
    if (mx.size !== my.size) return false
    if ([...mx.keys()].some((k) => !my.has(k))) return 'unsure' // other names: the judge reads the question
    return all([...mx].map(([k, v]) => this.node(v, my.get(k)!)))
  }

  /** Multiset equality: a perfect matching on "equal" pairs; unsure pairs make the answer unsure. */
  private unordered(xs: MathAnswer[], ys: MathAnswer[]): Verdict {
    if (xs.length !== ys.length) return false
    const table = xs.map((x) => ys.map((y) => this.node(x, y)))
    if (perfectMatching(table, (v) => v === true)) return true
    return perfectMatching(table, (v) => v !== false) ? 'unsure' : false
  }
}

/** `decimal` is a decimal literal with 2+ places and `other` (mathjs text) rounds to it at that precision. */
function rounded(decimal: string, other: string): boolean {
  const m = /^\s*(-?\d*\.(\d{2,}))\s*$/.exec(decimal)
  if (!m) return false
  return expressionsEqual(`round(${other}, ${m[2].length})`, m[1]) === true
}

function all(vs: Verdict[]): Verdict {
  if (vs.includes(false)) return false
  return vs.includes('unsure') ? 'unsure' : true
}

function perfectMatching(table: Verdict[][], ok: (v: Verdict) => boolean): boolean {
  const n = table.length
  const owner: number[] = Array(n).fill(-1)
  const tryRow = (i: number, seen: boolean[]): boolean => {
    for (let j = 0; j < n; j++) {
      if (!ok(table[i][j]) || seen[j]) continue
      seen[j] = true
      if (owner[j] < 0 || tryRow(owner[j], seen)) {
        owner[j] = i
        return true
      }
    }
    return false
  }
  for (let i = 0; i < n; i++) if (!tryRow(i, Array(n).fill(false))) return false
  return true
}
