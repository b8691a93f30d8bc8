// Numeric and symbolic equality with mathjs: parse both sides, give every free variable the same random
// values, and compare the results at several points. No hand-written algebra.
//
//   expressionsEqual(a, b): Verdict           a, b: mathjs text (see latex.ts)
//   equationsEqual([l1, r1], [l2, r2]): Verdict   same equation up to a non-zero factor
import { all, create, type MathJsInstance, type MathNode } from 'mathjs'
import { seededRandom } from '../../datasets/select.ts'

export type Verdict = true | false | 'unsure'

const CONSTANTS = new Set(['pi', 'e', 'i', 'Infinity'])
const POINTS = 6

let parser: MathJsInstance['parse'] | undefined

/**
 * mathjs's parser, taken before the functions an expression could use to reach outside itself are switched
 * off inside expressions (the recipe of the mathjs docs, "Security").
 */
function parse(text: string): MathNode {
  if (!parser) {
    const m = create(all, { number: 'number' })
    parser = m.parse
    const off = () => {
      throw new Error('disabled in answers')
    }
    m.import({ import: off, createUnit: off, evaluate: off, parse: off, simplify: off, derivative: off, resolve: off, reviver: off }, { override: true })
  }
  return parser(text)
}

interface Compiled {
  evaluate(scope: Record<string, number>): unknown
  vars: string[]
}

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
  const code = node.compile()
  return { evaluate: (scope) => code.evaluate({ ...scope }), vars: [...vars] }
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

function points(vars: string[]): Record<string, number>[] {
  if (vars.length === 0) return [{}]
  const rand = seededRandom(`math:${vars.join(',')}`)
  return Array.from({ length: POINTS }, () => Object.fromEntries(vars.map((v) => [v, 0.35 + 2.4 * rand()])))
}

export function expressionsEqual(a: string, b: string): Verdict {
  const ca = compile(a)
  const cb = compile(b)
  if (!ca || !cb) return 'unsure'
  const vars = [...new Set([...ca.vars, ...cb.vars])].sort()
  let compared = 0
  for (const scope of points(vars)) {
    let x: [number, number] | null
    let y: [number, number] | null
    try {
      x = asComplex(ca.evaluate(scope))
      y = asComplex(cb.evaluate(scope))
    } catch {
      return 'unsure'
    }
    if (!x || !y) return 'unsure'
    if (x.some(Number.isNaN) || y.some(Number.isNaN)) continue
    if (!sameValue(x, y)) return false
    compared++
  }
  return compared > 0 ? true : 'unsure'
}

/** l1 = r1 and l2 = r2 describe the same equation: (l1 - r1) = k (l2 - r2) for one k ≠ 0 at every point. */
export function equationsEqual(e1: [string, string], e2: [string, string]): Verdict {
  const f = compile(`(${e1[0]}) - (${e1[1]})`)
  const g = compile(`(${e2[0]}) - (${e2[1]})`)
  if (!f || !g) return 'unsure'
  const vars = [...new Set([...f.vars, ...g.vars])].sort()
  if (vars.length === 0) return 'unsure'
  let ratio: number | null = null
  for (const scope of points(vars)) {
    let x: [number, number] | null
    let y: [number, number] | null
    try {
      x = asComplex(f.evaluate(scope))
      y = asComplex(g.evaluate(scope))
    } catch {
      return 'unsure'
    }
    if (!x || !y || x[1] !== 0 || y[1] !== 0) return 'unsure'
    if (near(x[0], 0) && near(y[0], 0)) continue
    if (near(y[0], 0)) return false
    const r = x[0] / y[0]
    if (ratio === null) ratio = r
    else if (!near(r, ratio)) return false
  }
  return ratio === null ? 'unsure' : ratio !== 0
}
