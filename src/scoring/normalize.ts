// Normalising short answers for an exact-match fast path (simpleqa, and the label/letter checks elsewhere).
//
//   normalizeShortAnswer(s): string       case, spacing, markdown, quotes, outer punctuation, a leading article
//   parseNumberLoose(s): number | null    "$1,000", "45%", "3.5 km" → 1000, 45, 3.5; "(1,2)" → null
//   punctuationFree(s): string            the spec's normalisation (lowercase, no whitespace or punctuation), except
//                                         what sits between digits, a minus sign and the space between two numbers
//   shortAnswerMatch(answer, reference): boolean
//
// The spec normalises strings by lowercasing and stripping whitespace and punctuation, so "St. Louis" is
// "St Louis" and "Jean-Paul Sartre" is "Jean Paul Sartre". OpenJarvis applied it to numbers too, so "(1,2)"
// equalled "12", "3.5" equalled "35" and "-5" equalled "5"; and a failed float parse became +inf
// (openjarvis-evals.md §2.3). Here punctuation between digits, a minus sign before one and the space between
// two numbers are kept, a comma is a thousands separator only in groups of three, and a string that is not a
// number is not a number.

export function normalizeShortAnswer(s: string): string {
  return (s ?? '')
    .normalize('NFKC')
    .replace(/\*\*|__|`/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^["'“‘]+|["'”’]+$/g, '')
    .replace(/[.!?;:,]+$/, '')
    .replace(/^(the|a|an)\s+/, '')
    .trim()
}

const NUMBER = /^[-+−]?\s*[$€£]?\s*(\d{1,3}(?:,\d{3})+|\d+)?(\.\d+)?\s*(%|percent)?$/i

const SCALES = /^(hundred|thousand|million|billion|trillion|k|m|mn|bn|b|dozen|lakh|crore)$/i

export function parseNumberLoose(s: string): number | null {
  let t = (s ?? '').trim().replace(/[.]$/, '')
  const unit = /\s+([a-z]{1,12})\.?$/i.exec(t)
  if (unit && SCALES.test(unit[1])) return null // "2 million" is not 2
  if (unit && !/^percent$/i.test(unit[1])) t = t.slice(0, unit.index)
  const m = NUMBER.exec(t)
  if (!m || (m[1] === undefined && m[2] === undefined)) return null
  const n = Number(t.replace(/[\s$€£,%]|percent/gi, '').replace('−', '-'))
  return Number.isFinite(n) ? n : null
}

export function punctuationFree(s: string): string {
  const t = normalizeShortAnswer(s)
  return t.replace(/[^\p{L}\p{N}]+/gu, (run: string, at: number) => {
    const digitBefore = /\d/.test(t[at - 1] ?? '')
    const digitAfter = /\d/.test(t[at + run.length] ?? '')
    // between two numbers: "3.5", "1,024", "5-10" stay; "3, 1990" is "3 1990"; "1 2" is not "12"
    if (digitBefore && digitAfter) return /\s/.test(run) ? (run.includes('-') ? '-' : ' ') : run
    // a minus sign: "-5" is not "5"
    if (digitAfter && run.trimEnd().endsWith('-') && !/[\p{L}\p{N}]/u.test(t[at - 1] ?? '')) return '-'
    return ''
  })
}

/** True when the answer is the reference, allowing format differences; false means "not proven equal". */
export function shortAnswerMatch(answer: string, reference: string): boolean {
  const a = normalizeShortAnswer(answer)
  const r = normalizeShortAnswer(reference)
  if (!a || !r) return false
  if (a === r) return true
  // only punctuation or case differ ("St. Louis", "U.S.A.", "Jean-Paul"); "(1,2)" still is not "12"
  const pa = punctuationFree(a)
  if (pa !== '' && pa === punctuationFree(r)) return true
  const na = parseNumberLoose(a)
  const nr = parseNumberLoose(r)
  return na !== null && nr !== null && Math.abs(na - nr) <= 1e-9 * Math.max(1, Math.abs(nr))
}
