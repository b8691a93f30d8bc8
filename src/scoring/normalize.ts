// Normalising short answers for an exact-match fast path (simpleqa, and the label/letter checks elsewhere).
//
//   normalizeShortAnswer(s): string       case, spacing, markdown, quotes, outer punctuation, a leading article
//   parseNumberLoose(s): number | null    "$1,000", "45%", "3.5 km" → 1000, 45, 3.5; "(1,2)" → null
//   shortAnswerMatch(answer, reference): boolean
//
// OpenJarvis removed ALL whitespace and punctuation, so "(1,2)" equalled "12" and "1,2" equalled "12"; and a
// failed float parse became +inf (openjarvis-evals.md §2.3). Here inner punctuation stays, a comma is a
// thousands separator only in groups of three, and a string that is not a number is not a number.

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

/** True when the answer is the reference, allowing format differences; false means "not proven equal". */
export function shortAnswerMatch(answer: string, reference: string): boolean {
  const a = normalizeShortAnswer(answer)
  const r = normalizeShortAnswer(reference)
  if (!a || !r) return false
  if (a === r) return true
  const na = parseNumberLoose(a)
  const nr = parseNumberLoose(r)
  return na !== null && nr !== null && Math.abs(na - nr) <= 1e-9 * Math.max(1, Math.abs(nr))
}
