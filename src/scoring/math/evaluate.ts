// Numeric and symbolic equality with mathjs: parse both sides, give every free variable the same random
// values, and compare the results at several points. No hand-written algebra.
//
// The points cover both signs and several magnitudes (OpenJarvis-style sampling in (0.35, 2.75) only made |x|
// equal x). Two expressions that agree wherever every variable is positive but differ elsewhere (|x| and x,
// \sqrt{x^2} and x, \ln(x^2) and 2\ln x) are not proven equal: 'unsure', since the question may restrict the
// domain; the judge reads it. A baseless \log (`logu`) is tried as ln and as log10; the readings must agree.
//
//   expressionsEqual(a, b): Verdict           a, b: mathjs text (see latex.ts)
//   equationsEqual([l1, r1], [l2, r2]): Verdict   same equation up to a non-zero factor
import { all, create, type MathJsInstance, type MathNode } from 'mathjs'
import { seededRandom } from '../../datasets/select.ts'
import { FUNCTIONS } from './latex-convert.ts'

export type Verdict = true | false | 'unsure'

const CONSTANTS = new Set(['pi', 'e', 'i', 'Infinity'])
/** Magnitudes sampled [lo, hi): near zero, around 1, moderate, large. */
const MAGNITUDES: [number, number][] = [[0.35, 2.75], [3, 30], [0.05, 0.3], [1.1, 1.9], [40, 400], [0.5, 5]]
/** Signs of the points: six with every variable positive, six negative, four with mixed signs. */
const SIGNS = ['+', '+', '+', '+', '+', '+', '-', '-', '-', '-', '-', '-', 'mixed', 'mixed', 'mixed', 'mixed'] as const

let parser: MathJsInstance['parse'] | undefined
let mathjs: MathJsInstance | undefined

/**
 * mathjs's parser, taken before the functions an expression could use to reach outside itself are switched
 * off inside expressions (the recipe of the mathjs docs, "Security").
 */
function parse(text: string): MathNode {
  if (!parser) {
    const m = create(all, { number: 'number' })
    mathjs = m
    parser = m.parse
    const off = () => {
      throw new Error('disabled in answers')
    }
    m.import({ import: off, createUnit: off, evaluate: off, parse: off, simplify: off, derivative: off, resolve: off, reviver: off }, { override: true })
  }
  return parser(text)
}

interface Compiled {
  evaluate(scope: Record<string, unknown>): unknown
  vars: string[]
  /** Uses a baseless log, to be tried in both readings. */
  logu: boolean
}

/** The two readings of a baseless \log. */
const LOG_READINGS = [(x: unknown) => mathjs!.log(x as number), (x: unknown) => mathjs!.log(x as number, 10)]

function compile(text: string): Compiled | null {
  if (text.length > 300) return null
  let node: MathNode
  try {
    node = parse(text)
  } catch {
    return null
  }
  const fnNames = new Set(node.filter((n) => (n as { isFunctionNode?: boolean }).isFunctionNode === true).map((n) => ((n as unknown as { fn: { name?: string } }).fn.name ?? '')))
  const vars = new Set<string>()
  for (const n of node.filter((x) => (x as { isSymbolNode?: boolean }).isSymbolNode === true)) {
    const name = (n as unknown as { name: string }).name
    if (!CONSTANTS.has(name) && !fnNames.has(name)) vars.add(name)
  }
  // a function name used as a value ("sin" with no argument) is no variable to sample
  if ([...vars].some((v) => FUNCTIONS.has(v))) return null
  const code = node.compile()
  return { evaluate: (scope) => code.evaluate({ ...scope }), vars: [...vars], logu: fnNames.has('logu') }
}

/** A number or complex value as [re, im]; null for anything else (a unit, a matrix, a boolean). */
function asComplex(v: unknown): [number, number] | null {
  if (typeof v === 'number') return [v, 0]
  if (v && typeof v === 'object' && 're' in v && 'im' in v) {
    const { re, im } = v as { re: number; im: number }
    if (typeof re === 'number' && typeof im === 'number') return [re, im]
  }
  return null
}

function near(a: number, b: number): boolean {
  if (!Number.isFinite(a) || !Number.isFinite(b)) return a === b
  return Math.abs(a - b) <= 1e-9 + 1e-6 * Math.max(Math.abs(a), Math.abs(b))
}

const sameValue = (x: [number, number], y: [number, number]) => near(x[0], y[0]) && near(x[1], y[1])

interface Point {
  scope: Record<string, number>
  /** Every variable is positive here. */
  positive: boolean
}

/** Variable j at point k: a magnitude from MAGNITUDES[(k + j) mod 6], with the sign SIGNS[k] says. */
function points(vars: string[]): Point[] {
  if (vars.length === 0) return [{ scope: {}, positive: true }]
  const rand = seededRandom(`math:${vars.join(',')}`)
  return SIGNS.map((sign, k) => {
    const scope = Object.fromEntries(vars.map((v, j) => {
      const [lo, hi] = MAGNITUDES[(k + j) % MAGNITUDES.length]
      const negative = sign === '-' || (sign === 'mixed' && (j + k) % 2 === 1)
      return [v, (negative ? -1 : 1) * (lo + (hi - lo) * rand())]
    }))
    return { scope, positive: sign === '+' }
  })
}

/** Runs a comparison under each reading of a baseless log; the readings must agree. */
function eachLogReading(uses: boolean, run: () => Verdict): Verdict {
  if (!uses) return run()
  const verdicts = LOG_READINGS.map((reading) => {
    ;(globalScope as { logu?: unknown }).logu = reading
    return run()
  })
  return verdicts[0] === verdicts[1] ? verdicts[0] : 'unsure'
}

/** Functions every scope sees (the current reading of `logu`). */
const globalScope: Record<string, unknown> = {}

export function expressionsEqual(a: string, b: string): Verdict {
  const ca = compile(a)
  const cb = compile(b)
  if (!ca || !cb) return 'unsure'
  const vars = [...new Set([...ca.vars, ...cb.vars])].sort()
  return eachLogReading(ca.logu || cb.logu, () => {
    let compared = 0
    let offHalfLine = false
    for (const { scope, positive } of points(vars)) {
      let x: [number, number] | null
      let y: [number, number] | null
      try {
        x = asComplex(ca.evaluate({ ...globalScope, ...scope }))
        y = asComplex(cb.evaluate({ ...globalScope, ...scope }))
      } catch {
        return 'unsure'
      }
      if (!x || !y) return 'unsure'
      if (x.some(Number.isNaN) || y.some(Number.isNaN)) continue
      if (!sameValue(x, y)) {
        if (positive) return false
        offHalfLine = true
      }
      compared++
    }
    if (offHalfLine) return 'unsure'
    return compared > 0 ? true : 'unsure'
  })
}

/** l1 = r1 and l2 = r2 describe the same equation: (l1 - r1) = k (l2 - r2) for one k ≠ 0 at every point. */
export function equationsEqual(e1: [string, string], e2: [string, string]): Verdict {
  const f = compile(`(${e1[0]}) - (${e1[1]})`)
  const g = compile(`(${e2[0]}) - (${e2[1]})`)
  if (!f || !g) return 'unsure'
  const vars = [...new Set([...f.vars, ...g.vars])].sort()
  if (vars.length === 0) return 'unsure'
  return eachLogReading(f.logu || g.logu, () => {
    let ratio: number | null = null
    for (const { scope } of points(vars)) {
      let x: [number, number] | null
      let y: [number, number] | null
      try {
        x = asComplex(f.evaluate({ ...globalScope, ...scope }))
        y = asComplex(g.evaluate({ ...globalScope, ...scope }))
      } catch {
        return 'unsure'
      }
      if (!x || !y) return 'unsure'
      if (x[1] !== 0 || y[1] !== 0 || x.some(Number.isNaN) || y.some(Number.isNaN)) continue // off the real domain
      if (near(x[0], 0) && near(y[0], 0)) continue
      if (near(y[0], 0)) return false
      const r = x[0] / y[0]
      if (ratio === null) ratio = r
      else if (!near(r, ratio)) return false
    }
    return ratio === null ? 'unsure' : ratio !== 0
  })
}
