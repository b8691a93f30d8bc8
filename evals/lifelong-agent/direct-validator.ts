// LifelongAgentBench's DirectTypeAnswerValidator: a "Final Answer:" text against the gold rows of a SELECT
// task. Tuples are found by their parentheses (Decimal(...) is skipped), each tuple's elements are split on
// commas; numbers compare with rel/abs tolerance 1e-6, strings exactly after at most one stray quote per end.
//
// One deliberate fix: upstream trims non-numeric characters around a number ("'-55'") with an off-by-one that
// keeps one of them (so "'-55'" never parses); here the intended trim is done.
//
//   validateDirect(answer, gold): boolean
type Value = number | string | boolean | null
export type GoldRow = Value[]

const isClose = (a: number, b: number) => Math.abs(a - b) <= Math.max(1e-6 * Math.max(Math.abs(a), Math.abs(b)), 1e-6)

/** Python's float(text) for what can reach it here (digits, sign, point, exponent; inf/nan). */
function pyFloat(text: string): number | null {
  const t = text.trim()
  if (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return Number(t)
  if (/^[+-]?(inf|infinity)$/i.test(t)) return t.startsWith('-') ? -Infinity : Infinity
  if (/^[+-]?nan$/i.test(t)) return NaN
  return null
}

/** Start and end index of each top-level (...) of the answer; null when the parentheses do not pair up. */
function tuplePositions(answer: string): [number, number][] | null {
  const out: [number, number][] = []
  let start: number | null = null
  let inDecimal = false
  for (let i = 0; i < answer.length; i++) {
    const c = answer[i]
    if (c === '(') {
      if (answer.slice(Math.max(0, i - 7), i) === 'Decimal') {
        if (inDecimal) return null
        inDecimal = true
        continue
      }
      start = i
    } else if (c === ')') {
      if (inDecimal) {
        inDecimal = false
        continue
      }
      if (start === null) return null
      out.push([start, i])
      start = null
    }
  }
  return start === null ? out : null
}

const NUMERIC_CHARS = '0123456789.-'

function matchesNumber(element: string, gold: number): boolean {
  let e = element.replace(/^Decimal\((["']?)(.*?)(["']?)\)$/, '$2')
  let a = 0
  while (a < e.length && !NUMERIC_CHARS.includes(e[a])) a++
  let b = e.length
  while (b > a && !NUMERIC_CHARS.includes(e[b - 1])) b--
  e = e.slice(a, b)
  const v = pyFloat(e)
  return v !== null && isClose(v, gold)
}

function matchesString(element: string, gold: string): boolean {
  let e = element
  const extra = e.length - gold.length
  if (extra > 0 && extra <= 2) {
    let head = false
    let tail = false
    for (const q of ["'", '"']) {
      if (e.startsWith(q) && !gold.startsWith(q) && !head) (e = e.slice(1)), (head = true)
      if (e.endsWith(q) && !gold.endsWith(q) && !tail) (e = e.slice(0, -1)), (tail = true)
    }
  }
  return e === gold
}

function validateTuple(text: string, gold: GoldRow): boolean {
  const elements = text.split(/\s*,\s*/).map((x) => x.trim()).filter((x) => x !== '')
  if (elements.length !== gold.length) return false
  return elements.every((el, i) => {
    const g = gold[i]
    if (typeof g === 'number' || typeof g === 'boolean') return matchesNumber(el, Number(g))
    if (typeof g === 'string') return matchesString(el, g)
    return false
  })
}

export function validateDirect(answer: string, gold: GoldRow[]): boolean {
  const positions = tuplePositions(answer)
  if (positions === null) return false
  if (positions.length === 0) {
    if (gold.length === 0) return true
    if (gold.length !== 1) return false
    return validateTuple(answer, gold[0])
  }
  if (positions.length !== gold.length) return false
  return positions.every(([a, b], i) => validateTuple(answer.slice(a + 1, b), gold[i]))
}
