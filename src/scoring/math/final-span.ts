// A free-text answer with no \boxed{} and no "answer is": its last math span, as mature graders read it
// (Math-Verify, simple-evals): "Therefore, the area is $12$ square units." → 12.
//
//   lastMathSpan(body): ExtractedAnswer | null
//
// The final sentence's span is 'last_span' (explicit enough to be called wrong) when it is the sentence's only
// math: one $…$ / \(…\) / \[…\] span and no other digits, or no span and exactly one number. A span found in an
// earlier sentence of the last paragraphs ("… is $12$. Let me know if you need more.") is a guess: 'last_line'.
// "$90 - 18 = 72$" gives 72; "$x = 7$" stays whole (x = 7 is read as the value 7). A negated sentence
// ("so $x$ cannot be $5$") gives nothing: the judge reads it.
import type { ExtractedAnswer } from './extract-answer.ts'

const SPAN = /\$\$([\s\S]+?)\$\$|\$([^$]+?)\$|\\\(([\s\S]+?)\\\)|\\\[([\s\S]+?)\\\]/g
const NUMBER = /(?<![\w.\/])-?\d[\d,]*(?:\.\d+)?(?:\/\d+)?(?![\w.]*\d)/g

/** Sentences of a paragraph: split after . ! ? followed by a space and a capital, a $ or a backslash. */
function sentences(paragraph: string): string[] {
  return paragraph.split(/(?<=[.!?]\${0,2})\s+(?=[A-Z$\\])/).map((s) => s.trim()).filter(Boolean)
}

/** "… the probability that Alice wins is 2/3." / "… is $\frac{2}{3}$.": the value the sentence ends on. */
const ENDS_ON_VALUE = /\b(?:is|are|equals|was|becomes)\s+(?:\$([^$]+)\$|(-?\d[\d,]*(?:\.\d+)?(?:\/\d+)?))\s*[.!]?$/

/**
 * The value a span states: the result of arithmetic ("90 - 18 = 72", "x = 3 \cdot 4 = 12" → the number);
 * otherwise the whole span ("x = 7", "5x - 7y + 4 = 0").
 */
function spanValue(span: string): string {
  const sides = span.split(/(?<![<>!\\])=(?!=)/).map((s) => s.trim())
  if (sides.length < 2) return span.trim()
  const constant = (t: string) => /\d/.test(t) && !/[a-zA-Z]/.test(t.replace(/\\(?:cdot|times|div|[dt]?frac|sqrt|left|right|pi)\b/g, ''))
  return constant(sides.at(-2)!) && constant(sides.at(-1)!) ? sides.at(-1)! : span.trim()
}

/** An escaped dollar ("\\$18.90") is no math delimiter: hidden while spans are found. */
const DOLLAR = '\u0000'

/** Sign-offs that are no part of the answer ("I hope it is correct." ends Minerva-style answers). */
const SIGN_OFF = /\bI hope (?:it|this) is correct\.?/gi

export function lastMathSpan(text: string): ExtractedAnswer | null {
  const body = text.replace(/\\\$/g, DOLLAR).replace(SIGN_OFF, '')
  const paragraphs = body.trim().split(/\n\s*\n/).slice(-2)
  const all = paragraphs.flatMap((p) => sentences(p.replace(/\n/g, ' ')))
  for (let k = all.length - 1; k >= 0 && k >= all.length - 4; k--) {
    const sentence = all[k]
    // "so x cannot be $5$": a negated statement names no answer
    if (/\b(?:not|cannot|can't|isn't|never|no|neither|nor|impossible)\b/i.test(sentence.replace(SPAN, ' '))) return null
    const final = k === all.length - 1
    const end = final ? ENDS_ON_VALUE.exec(sentence) : null
    if (end) return { answer: spanValue(end[1] ?? end[2]).replaceAll(DOLLAR, '\\$'), method: 'last_span' }
    const spans = [...sentence.matchAll(SPAN)].map((m) => (m[1] ?? m[2] ?? m[3] ?? m[4]).trim()).filter(Boolean)
    if (spans.length) {
      const outside = sentence.replace(SPAN, ' ')
      const alone = spans.length === 1 && !/\d/.test(outside)
      return { answer: spanValue(spans.at(-1)!).replaceAll(DOLLAR, '\\$'), method: final && alone ? 'last_span' : 'last_line' }
    }
    const numbers = sentence.match(NUMBER) ?? []
    if (final && numbers.length === 1) return { answer: numbers[0], method: 'last_span' }
  }
  return null
}
