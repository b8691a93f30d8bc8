// GAIA's normalised exact match (openjarvis-evals.md §2.3, the spec's "GAIA: normalized exact match"):
//   a numeric gold answer: the answer read as a number ($, %, thousands commas stripped) must equal it;
//   a gold answer with "," or ";": a list, split on both; same length; each element numeric or a string
//     compared without whitespace and case (punctuation kept);
//   otherwise: strings compared without whitespace, case and ASCII punctuation.
// Where OpenJarvis differs: a failed number parse is "no number", not +inf; "-5" is not 5 and "3.5" is not 35
// (the number is parsed, not stripped of punctuation); "1e3"-style gold values are numbers as in Python.
//
//   gaiaExactMatch(answer, gold): boolean
import { parseNumberLoose } from '../../src/scoring/normalize.ts'

/** What Python's float() accepts (the spec's _is_float), so "1,000" is a list of two and "-3.5e2" a number. */
const PY_FLOAT = /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i

export const isNumeric = (s: string): boolean => PY_FLOAT.test(s)

/** The answer as a number the way GAIA normalises one: $, % and commas stripped first. */
function answerNumber(s: string): number | null {
  const t = s.trim().replace(/^\*\*|\*\*$/g, '').replace(/\.$/, '')
  const stripped = t.replace(/[$%,]/g, '')
  if (PY_FLOAT.test(stripped)) return Number(stripped)
  return parseNumberLoose(t)
}

const ASCII_PUNCT = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g
const squash = (s: string, keepPunct: boolean) => {
  const t = s.normalize('NFKC').replace(/\s+/g, '').toLowerCase()
  return keepPunct ? t : t.replace(ASCII_PUNCT, '')
}

const sameNumber = (a: number | null, b: number) => a !== null && Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b))

export function gaiaExactMatch(answer: string, gold: string): boolean {
  if (!answer.trim() || !gold.trim()) return false
  if (isNumeric(gold)) return sameNumber(answerNumber(answer), Number(gold))
  if (/[,;]/.test(gold)) {
    const g = gold.split(/[,;]/)
    const a = answer.split(/[,;]/)
    if (g.length !== a.length) return false
    return g.every((ge, i) => (isNumeric(ge) ? sameNumber(answerNumber(a[i]), Number(ge)) : squash(a[i], true) === squash(ge, true)))
  }
  const ns = squash(answer, false)
  return ns !== '' && ns === squash(gold, false)
}
