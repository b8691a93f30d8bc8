// A final answer's LaTeX, cleaned for comparison (latex-convert.ts turns the result into mathjs text).
//
//   cleanLatex(s): CleanedAnswer        math delimiters, spacing, \left/\right, \tfrac; degrees, percent and a
//                                       trailing unit taken off and reported (units.ts compares them)
//   isWordy(s): boolean                 words ("\text{Sunday}", "even") rather than an expression
import { NAMES } from './latex-convert.ts'

export { latexToMathjs, UnsupportedLatex } from './latex-convert.ts'

export interface CleanedAnswer {
  text: string
  percent: boolean
  degrees: boolean
  /** The unit written after the value ("cm", "inches^2", "square units"), or null. */
  unit: string | null
}

const SHORT_UNITS = new Set(['cm', 'mm', 'km', 'ft', 'in', 'yd', 'mi', 'kg', 'mg', 'lb', 'oz', 'ml', 'hr', 'h', 'min', 'sec', 'am', 'pm'])
/** Words never treated as a unit after a number. */
const MATH_WORDS = /^(pi|sqrt|infinity|infty|inf|ln|log|sin|cos|tan|exp|or|and|i)$/i

const UNICODE: [RegExp, string][] = [
  [/[−–—]/g, '-'], [/π/g, '\\pi '], [/√/g, '\\sqrt'], [/[×✕]/g, '\\times '], [/[·⋅∙]/g, '\\cdot '], [/÷/g, '\\div '],
  [/∞/g, '\\infty '], [/²/g, '^2'], [/³/g, '^3'], [/≤/g, '\\le '], [/≥/g, '\\ge '], [/∪/g, '\\cup '], [/∈/g, '\\in '],
  [/[\u2009\u202f\u00a0]/g, ' '],
]

export function cleanLatex(input: string): CleanedAnswer {
  let s = input.trim()
  for (const [re, to] of UNICODE) s = s.replace(re, to)
  let degrees = false
  let percent = false
  s = s.replace(/\^\s*\{?\s*\\circ\s*\}?|\\degree|\\textdegree|°|\s+degrees?\b/g, () => ((degrees = true), ''))
  s = s.replace(/\\%|%|\s+percent\b/g, () => ((percent = true), ''))
  s = s.replace(/\\\$|\$/g, '')
  // "\tfrac12" too: no word boundary between "frac" and "1"
  s = s.replace(/\\[dtc]frac(?![a-zA-Z])/g, '\\frac').replace(/\\[dt]binom(?![a-zA-Z])/g, '\\binom')
  // "1.5e3", "2E-4": scientific notation, not 1.5·e·3 (a spaced "4e - 3" stays Euler's e)
  s = s.replace(/(?<![\w.])(\d+(?:\.\d+)?)[eE]([+-]?\d+)(?![\w.])/g, '$1\\times 10^{$2}')
  // digit groups: "32,\!348", "10{,}080", "10\,080" and "10 080" are one number; elsewhere "\," is a space
  s = s.replace(/\s*\{\s*,\s*\}\s*/g, ',').replace(/(\d),?\s*\\[!,]\s*(?=\d{3}(?!\d))/g, '$1,')
  s = s.replace(/(?<!\\)\\[!,;:> ]/g, ' ').replace(/~/g, ' ')
  s = s.replace(/(\d) (?=\d{3}(?!\d))/g, '$1')
  s = s.replace(/\\(left|right|[Bb]igg?[lr]?)\s*(\.|(?=[\\([\]{}|)]))/g, '') // \left( → (, \left. → nothing
  s = s.replace(/\\(displaystyle|textstyle)\b/g, '')
  const { value, unit } = stripUnit(s.trim())
  s = value.replace(/\s+/g, ' ').replace(/[.。]+$/, '').trim()
  return { text: s, percent, degrees, unit }
}

/**
 * "5\text{ cm}^2", "12 inches", "3 \mbox{units}" → the value and its unit ("cm^2", "inches", "units"); a
 * whole-answer \text{…} is kept (it is the answer).
 */
function stripUnit(s: string): { value: string; unit: string | null } {
  let unit: string | null = null
  const power = (p: string | undefined) => (p ? `^${p.replace(/[\s^{}]/g, '')}` : '')
  let out = s.replace(/(\S)\s*\\(?:text|mbox|textnormal|mathrm|textrm)\s*\{\s*([a-zA-Z][a-zA-Z .]*)\}(\s*\^\s*\{?\d\}?)?\s*$/, (m, before: string, words: string, p?: string) => {
    if (!words.trim().split(/\s+/).every((w) => !MATH_WORDS.test(w.replace(/\.$/, '')))) return m
    unit = words.trim().replace(/\.$/, '') + power(p)
    return before
  })
  if (unit === null) {
    out = out.replace(/([\d})\]])\s+((?:[a-zA-Z]{2,}\.?\s*)+)(\^\s*\{?\d\}?)?$/, (m, before: string, words: string, p?: string) => {
      const ws = words.trim().split(/\s+/).map((w) => w.replace(/\.$/, ''))
      // "3 xy" is a product; "5 cm", "12 square units" are units
      const unitLike = ws.some((w) => w.length >= 3 || SHORT_UNITS.has(w))
      if (!unitLike || ws.some((w) => MATH_WORDS.test(w))) return m
      unit = ws.join(' ') + power(p)
      return before
    })
  }
  return { value: out, unit }
}

/** True when the answer is words (a name, "even", "\text{Sunday}") rather than an expression. */
export function isWordy(s: string): boolean {
  if (/^\\(?:text|textbf|mbox|textnormal|textrm)\s*\{/.test(s.trim())) return true
  const plain = s.replace(/\\[a-zA-Z]+/g, ' ')
  for (const w of plain.match(/[a-zA-Z]{3,}/g) ?? []) if (!NAMES.has(w) && !NAMES.has(w.toLowerCase())) return true
  return false
}
