// The deterministic half of browser_assistant scoring: exact facts, and whether sources are cited.
//
//   exactFactFound(fact, answer): boolean
//   semanticFactFoundHeuristic(fact, answer): boolean     without a judge: ≥ 40% of the fact's words
//   citesSources(answer): boolean
//
// OpenJarvis: an exact fact is found when its normalised text is in the answer; else, when the fact parses as a
// number, when str(int(number)) is a substring of the answer (so 3.35 matched any "3"); else the 60%-of-words
// rule. Here the number step compares numbers: the fact's number (commas and units dropped) must equal a
// number written in the answer.
import { parseNumberLoose } from '../../src/scoring/normalize.ts'
import { normalizeForMatch, phraseFound } from '../../src/scoring/phrases.ts'

const NUMBERS = /[-+]?\d{1,3}(?:,\d{3})+(?:\.\d+)?|[-+]?\d+(?:\.\d+)?/g
const numbersIn = (text: string): number[] => [...text.matchAll(NUMBERS)].map((m) => Number(m[0].replace(/,/g, '')))

export function exactFactFound(fact: string, answer: string): boolean {
  if (normalizeForMatch(answer).includes(normalizeForMatch(fact))) return true
  const n = parseNumberLoose(fact)
  if (n !== null) return numbersIn(answer).some((x) => Math.abs(x - n) <= 1e-9 * Math.max(1, Math.abs(n)))
  return phraseFound(fact, answer, 0.6)
}

export const semanticFactFoundHeuristic = (fact: string, answer: string): boolean => phraseFound(fact, answer, 0.4)

const SOURCE_PHRASES = /\b(source:|reference:|according to|official documentation|official docs|cited from|as stated in)/i
export const citesSources = (answer: string): boolean => /https?:\/\/\S+/i.test(answer) || SOURCE_PHRASES.test(answer)
