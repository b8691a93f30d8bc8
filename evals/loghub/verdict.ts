// Reading an anomaly / normal verdict from text (the model's answer, then the judge's reply).
//
//   readVerdict(text): { label: 'anomaly' | 'normal' | null, via }
//
// OpenJarvis matched \bANOMAL(Y|OUS)\b and \bNORMAL\b and took the earlier, so "not anomalous" was anomaly and a
// reply naming neither became "normal" through the judge's default. Here, in order: the reply's first word (the
// prompt asks to start with the label); a labelled line ("Verdict: NORMAL"); else every label word of the reply
// read with its negation ("no anomaly" → normal, "not normal" → anomaly), which decides only when all agree.
// Anything else is no verdict (null): the judge is asked, and an unreadable judge leaves the sample unscored.
export type Label = 'anomaly' | 'normal'
export interface Verdict {
  label: Label | null
  via: 'first_word' | 'labelled' | 'words' | null
}

const plain = (t: string) => t.replace(/[*_`#>]/g, ' ').replace(/<think>[\s\S]*?<\/think>/gi, ' ')
const labelOf = (w: string): Label => (/^anomal|^abnormal/i.test(w) ? 'anomaly' : 'normal')
const flip = (l: Label): Label => (l === 'anomaly' ? 'normal' : 'anomaly')

const WORD = /\b(anomaly|anomalous|anomalies|abnormal|normal)\b/gi
const NEGATION = /\b(not|no|nothing|isn't|is\s+not|aren't|never|without|free\s+of)\s+(?:\w+\s+)?$/i

export function readVerdict(text: string): Verdict {
  const t = plain(text ?? '').trim()
  const first = /^\W*(anomaly|anomalous|normal)\b/i.exec(t)
  if (first) return { label: labelOf(first[1]), via: 'first_word' }
  const labelled = [...t.matchAll(/\b(?:verdict|classification|label|answer|result|conclusion|prediction)\s*[:=\-–]\s*\W*(anomaly|anomalous|normal)\b/gi)].at(-1)
  if (labelled) return { label: labelOf(labelled[1]), via: 'labelled' }
  const words: Label[] = []
  for (const m of t.matchAll(WORD)) {
    const before = t.slice(Math.max(0, (m.index ?? 0) - 30), m.index)
    words.push(NEGATION.test(before) ? flip(labelOf(m[1])) : labelOf(m[1]))
  }
  if (words.length && words.every((w) => w === words[0])) return { label: words[0], via: 'words' }
  return { label: null, via: null }
}
