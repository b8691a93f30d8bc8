// "1000,99": a decimal comma, a thousands separator, or a list of two numbers? The other answer decides.
//
//   decimalCommaReadings(answer, reference): [answer, reference] | null
//
// A lone "a,b" that is no thousands grouping ("1000,99", "0,111", "1,5") is a decimal comma against a
// number, and a list against a list or a tuple. A grouping ("1,234") is thousands, unless its decimal reading
// is the other side's number and its thousands reading is not: then nothing tells (null → unsure).
import { splitTop } from './parse-answer.ts'

const COMMA_NUMBER = /^-?\d+,\d+$/
const GROUPED = /^-?[1-9]\d{0,2}(,\d{3})+$/
const LITERAL = /^-?(\d+\.?\d*|\.\d+)$/

const listLike = (s: string) => /^[([]/.test(s.trim()) || splitTop(s, /^[,;]/).length > 1

function read(s: string, other: string): string | null {
  if (!COMMA_NUMBER.test(s)) return s
  const decimal = s.replace(',', '.')
  if (GROUPED.test(s)) {
    const ambiguous = LITERAL.test(other) && Number(decimal) === Number(other) && Number(s.replace(/,/g, '')) !== Number(other)
    return ambiguous ? null : s
  }
  if (COMMA_NUMBER.test(other) && !GROUPED.test(other)) return decimal
  return listLike(other) ? s : decimal
}

export function decimalCommaReadings(answer: string, reference: string): [string, string] | null {
  const a = read(answer, reference)
  const r = read(reference, answer)
  return a === null || r === null ? null : [a, r]
}
