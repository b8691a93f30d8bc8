// Does a program's stdout match the expected output? LiveCodeBench's rule (testing_util.grade_stdio),
// plus a float tolerance:
//   1. strip both, split on "\n", strip every line; the line counts must match;
//   2. each line is equal as text, or token by token (split on whitespace) as numbers:
//      integer tokens must be equal exactly (BigInt: 50000000000000000 ≠ 50000000000000001, the trap
//      LiveCodeBench's comment warns about); tokens with a decimal point or exponent may differ by
//      1e-6 absolute or relative (what "error at most 1e-6" problems accept; LiveCodeBench compares
//      Decimal values exactly, OpenJarvis used a 1e-6 relative tolerance on every token).

const INT = /^[+-]?\d+$/
const FLOAT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/
export const FLOAT_TOLERANCE = 1e-6

const lines = (s: string) => s.trim().split('\n').map((l) => l.trim())

function tokenMatches(a: string, b: string): boolean {
  if (a === b) return true
  if (INT.test(a) && INT.test(b)) return BigInt(a) === BigInt(b)
  if (!FLOAT.test(a) || !FLOAT.test(b)) return false
  const x = Number(a)
  const y = Number(b)
  return Math.abs(x - y) <= FLOAT_TOLERANCE * Math.max(1, Math.abs(y))
}

function lineMatches(a: string, b: string): boolean {
  if (a === b) return true
  const ta = a.split(/\s+/)
  const tb = b.split(/\s+/)
  return ta.length === tb.length && ta.every((t, i) => tokenMatches(t, tb[i]))
}

export function stdoutMatches(actual: string, expected: string): boolean {
  const a = lines(actual)
  const e = lines(expected)
  return a.length === e.length && a.every((l, i) => lineMatches(l, e[i]))
}
