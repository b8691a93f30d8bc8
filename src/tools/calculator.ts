// `calculator`: a math expression evaluated by mathjs's own parser (never JavaScript eval): it sees no JS global,
// no process, no require. Functions that change the parser or could allocate without bound are switched off.
import type { Tool } from '../core/tool.ts'
import { stringArg } from './args.ts'

const MAX_EXPRESSION = 2000
const MAX_RESULT = 10_000

const MAX_CELLS = 1_000_000

/** Elements a zeros/ones/identity call would make: the product of its sizes (a list, a matrix or numbers). */
function sizeCells(a: unknown[]): number {
  const flat = a.flatMap((x) => (x && typeof x === 'object' && 'toArray' in x ? (x as { toArray(): unknown[] }).toArray() : x)).flat(Infinity).filter((x) => typeof x !== 'string')
  return flat.reduce<number>((p, x) => p * Math.abs(Number(x)), 1)
}

/** Elements of a range, from "a:b:c" or (start, end, step?). */
function rangeCells(a: unknown[]): number {
  const [start, end, step] = typeof a[0] === 'string' ? a[0].split(':').map(Number) : a.map((x) => Number(x))
  const s = typeof a[0] === 'string' && a[0].split(':').length === 3 ? Number(a[0].split(':')[1]) : step
  const e = typeof a[0] === 'string' && a[0].split(':').length === 3 ? Number(a[0].split(':')[2]) : end
  return Math.abs(e - start) / Math.abs(s === undefined || Number.isNaN(s) ? 1 : s || 1)
}

type Evaluate = (expr: string) => unknown
let evaluator: Promise<{ evaluate: Evaluate; format: (v: unknown) => string }> | null = null

/** mathjs takes ~0.5 s to import: only runs that offer the calculator pay for it, once. */
function limitedMath() {
  return (evaluator ??= import('mathjs').then(({ create, all }) => {
    const math = create(all!)
    const evaluate = math.evaluate.bind(math) as Evaluate
    const format = (v: unknown) => math.format(v as never, { precision: 14, lowerExp: -9, upperExp: 21 })
    const off = (name: string) => () => {
      throw new Error(`function ${name} is disabled in the calculator`)
    }
    // The mathjs docs' hardening (https://mathjs.org/docs/expressions/security.html), and the allocators capped:
    // `ones(1e5, 1e5)` or `1:1e10` would take the worker down, not just this call.
    const disabled = ['import', 'createUnit', 'evaluate', 'parse', 'compile', 'simplify', 'derivative', 'resolve', 'reviver', 'matrixFromFunction', 'random', 'randomInt', 'pickRandom']
    const m = math as unknown as Record<string, (...a: unknown[]) => unknown>
    const capped = (name: string, cells: (a: unknown[]) => number) => {
      const original = m[name]
      return (...a: unknown[]) => {
        const n = cells(a)
        if (!(n <= MAX_CELLS)) throw new Error(`${name}: at most ${MAX_CELLS} elements in the calculator`)
        return original(...a)
      }
    }
    math.import(
      {
        ...Object.fromEntries(disabled.map((n) => [n, off(n)])),
        ...Object.fromEntries(['zeros', 'ones', 'identity'].map((n) => [n, capped(n, sizeCells)])),
        range: Object.assign(capped('range', rangeCells), {
          // Expressions' ranges include their end (`1:5` is 1…5): mathjs's own range transform does the same.
          transform: (...a: unknown[]) => capped('range', rangeCells)(...a, ...(typeof a.at(-1) === 'boolean' ? [] : [true])),
        }),
      },
      { override: true },
    )
    return { evaluate, format }
  }))
}

export function calculatorTool(): Tool {
  return {
    spec: {
      name: 'calculator',
      description: 'Evaluate a math expression exactly (arithmetic, powers, roots, trigonometry, logarithms, units such as "5 cm to inch", statistics over lists like mean([1,2,3])). Returns the result.',
      parameters: {
        type: 'object',
        properties: { expression: { type: 'string', description: 'The expression, e.g. "(17.5 * 4) / 3" or "sqrt(2) ^ 3"' } },
        required: ['expression'],
      },
    },
    async call(args) {
      const expression = stringArg(args, 'expression', { max: MAX_EXPRESSION })
      const { evaluate, format } = await limitedMath()
      let value: unknown
      try {
        value = evaluate(expression)
      } catch (e) {
        return { content: `error: ${(e as Error).message}`, isError: true }
      }
      if (typeof value === 'function') return { content: 'error: the expression defines a function; give an expression with a value', isError: true }
      const text = format(value)
      return { content: text.length > MAX_RESULT ? `${text.slice(0, MAX_RESULT)}… [result truncated]` : text }
    },
  }
}
