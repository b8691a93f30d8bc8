// An inequality in one variable as the interval it describes, so `x > 3` is `(3, \infty)` and
// `-2 \le x \le 7` is `[-2, 7]`. Anything else (two variables, `\ne`, mixed directions) is no interval.
//
//   inequalityInterval(s): { open, close, lo, hi } | null      lo/hi are LaTeX ('-\infty', '\infty' at the ends)

export interface Interval {
  open: '(' | '['
  close: ')' | ']'
  lo: string
  hi: string
}

type Op = '<' | '<=' | '>' | '>='

const OPS: [RegExp, Op][] = [
  [/^(?:<=|=<|\\leqslant\b|\\leq\b|\\le\b)/, '<='],
  [/^(?:>=|=>|\\geqslant\b|\\geq\b|\\ge\b)/, '>='],
  [/^(?:<|\\lt\b)/, '<'],
  [/^(?:>|\\gt\b)/, '>'],
]
/** One variable: a letter or a Greek letter, maybe with a subscript (not \\pi or \\infty, which are numbers). */
const VARIABLE = /^(?:[a-zA-Z]|\\(?!pi\b|infty\b)[a-zA-Z]+)(?:_\{?\w+\}?)?$/

/** Splits at relation operators outside brackets: "a < x \le b" → ["a", "<", "x", "<=", "b"]. */
function splitRelations(s: string): (string | Op)[] {
  const out: (string | Op)[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < s.length; i++) {
    if ('([{'.includes(s[i])) depth++
    else if (')]}'.includes(s[i])) depth--
    if (depth !== 0) continue
    for (const [re, op] of OPS) {
      const m = re.exec(s.slice(i))
      if (!m) continue
      out.push(s.slice(start, i).trim(), op)
      i += m[0].length - 1
      start = i + 1
      break
    }
  }
  out.push(s.slice(start).trim())
  return out
}

const flip: Record<Op, Op> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=' }

/** x (op) bound → the interval. */
function oneSided(op: Op, bound: string): Interval {
  if (op === '<' || op === '<=') return { open: '(', close: op === '<' ? ')' : ']', lo: '-\\infty', hi: bound }
  return { open: op === '>' ? '(' : '[', close: ')', lo: bound, hi: '\\infty' }
}

export function inequalityInterval(input: string): Interval | null {
  const s = input.trim()
  if (/\\(?:ne|neq)\b|≠/.test(s)) return null
  const parts = splitRelations(s)
  if (parts.length === 3) {
    const [a, op, b] = parts as [string, Op, string]
    if (!a || !b) return null
    if (VARIABLE.test(a) && !VARIABLE.test(b)) return oneSided(op, b)
    if (VARIABLE.test(b) && !VARIABLE.test(a)) return oneSided(flip[op], a)
    return null
  }
  if (parts.length === 5) {
    let [a, op1, v, op2, b] = parts as [string, Op, string, Op, string]
    if (!a || !b || !VARIABLE.test(v) || VARIABLE.test(a) || VARIABLE.test(b)) return null
    const up = (o: Op) => o === '<' || o === '<='
    if (up(op1) !== up(op2)) return null
    // "7 \ge x \ge -2" is "-2 \le x \le 7"
    if (!up(op1)) [a, op1, op2, b] = [b, flip[op2], flip[op1], a]
    return { open: op1 === '<' ? '(' : '[', close: op2 === '<' ? ')' : ']', lo: a, hi: b }
  }
  return null
}
