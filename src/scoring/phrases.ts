// Phrase matching for the synthetic use-case benchmarks (OpenJarvis's `_checklist` helpers, §2.3–2.4).
//
//   normalizeForMatch(s): string                      lowercase, punctuation removed, whitespace collapsed
//   phraseFound(phrase, answer, minShare?): boolean   ≥ minShare (0.6) of the phrase's words occur in the answer
//   phraseCoverage(phrases, answer, minShare?)        { found, missing, share }
//   splitKeyPhrases(text): string[]                   a reference sentence → its phrases, split BEFORE normalising
//   containsEveryPhrase(reference, answer)            every phrase of the reference, verbatim after normalising
//
// Words are matched as substrings of the normalised answer, as OpenJarvis does ("run" is found in "running").
// Callers pass an answer they normalised once when they test many phrases against it.

/** Unicode punctuation and symbols (OpenJarvis stripped string.punctuation, the ASCII subset). */
const PUNCT = /[\p{P}\p{S}]/gu

export function normalizeForMatch(s: string): string {
  return (s ?? '').normalize('NFKC').toLowerCase().replace(PUNCT, '').replace(/\s+/g, ' ').trim()
}

const words = (s: string) => normalizeForMatch(s).split(' ').filter(Boolean)

/** `normalizedAnswer` must come from normalizeForMatch. A phrase with no words is found. */
export function phraseFoundIn(phrase: string, normalizedAnswer: string, minShare = 0.6): boolean {
  const ws = words(phrase)
  if (ws.length === 0) return true
  const hits = ws.filter((w) => normalizedAnswer.includes(w)).length
  return hits / ws.length >= minShare - 1e-9
}

export const phraseFound = (phrase: string, answer: string, minShare = 0.6): boolean => phraseFoundIn(phrase, normalizeForMatch(answer), minShare)

export interface PhraseCoverage {
  found: string[]
  missing: string[]
  /** found / phrases; 1 when there are no phrases. */
  share: number
}

export function phraseCoverage(phrases: readonly string[], answer: string, minShare = 0.6): PhraseCoverage {
  const norm = normalizeForMatch(answer)
  const found: string[] = []
  const missing: string[] = []
  for (const p of phrases) (phraseFoundIn(p, norm, minShare) ? found : missing).push(p)
  return { found, missing, share: phrases.length ? found.length / phrases.length : 1 }
}

/**
 * A reference answer → its key phrases: split on `.`, `,` and `;` FIRST, then normalise each part (OpenJarvis's
 * knowledge_base normalised first, which deleted the separators and left the whole reference as one phrase,
 * §10.18). A separator is punctuation only where it ends a phrase (before a space or the end), so "v2.9",
 * "1,024" and "vault.enc" stay whole.
 */
export function splitKeyPhrases(text: string): string[] {
  return (text ?? '')
    .split(/[.,;](?=\s|$)/)
    .map(normalizeForMatch)
    .filter((p) => p.length > 0)
}

/** Every key phrase of the reference appears, word for word, in the answer (both normalised). */
export function containsEveryPhrase(reference: string, answer: string): { ok: boolean; phrases: string[]; missing: string[] } {
  const phrases = splitKeyPhrases(reference)
  const norm = normalizeForMatch(answer)
  const missing = phrases.filter((p) => !` ${norm} `.includes(` ${p} `))
  return { ok: phrases.length > 0 && missing.length === 0, phrases, missing }
}
