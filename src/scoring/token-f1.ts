// SQuAD-style token F1 between a prediction and a reference: lowercase, ASCII punctuation removed, split on
// whitespace, the multiset overlap's precision and recall. Two empty texts agree (1), one empty is 0.
//
//   tokenF1(prediction, reference): number in [0, 1]
const PUNCT = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g
const tokens = (s: string) => s.toLowerCase().replace(PUNCT, '').split(/\s+/).filter(Boolean)

export function tokenF1(prediction: string, reference: string): number {
  const p = tokens(prediction)
  const r = tokens(reference)
  if (!r.length) return p.length ? 0 : 1
  if (!p.length) return 0
  const counts = new Map<string, number>()
  for (const t of r) counts.set(t, (counts.get(t) ?? 0) + 1)
  let common = 0
  for (const t of p) {
    const n = counts.get(t) ?? 0
    if (n > 0) (common++, counts.set(t, n - 1))
  }
  if (!common) return 0
  const precision = common / p.length
  const recall = common / r.length
  return (2 * precision * recall) / (precision + recall)
}
