// LaTeX answer text → plain text mathjs can parse. This is a converter, not a parser: mathjs does the algebra.
//
//   cleanLatex(s): CleanedAnswer        math delimiters, spacing, \left/\right, degrees, percent, units dropped
//   latexToMathjs(s): string            throws UnsupportedLatex for what it cannot convert (then: 'unsure')
//
// A run of plain letters is a product of single-letter variables ("2ab" → 2 a b), as in LaTeX, except for the
// names in NAMES; the caller decides beforehand whether an answer is words rather than math (isWordy).
import { closeBrace } from './extract-answer.ts'

export class UnsupportedLatex extends Error {}

export interface CleanedAnswer {
  text: string
  percent: boolean
  degrees: boolean
}

const FUNCTIONS = new Set(['sqrt', 'nthRoot', 'combinations', 'abs', 'sin', 'cos', 'tan', 'sec', 'csc', 'cot', 'asin', 'acos', 'atan', 'sinh', 'cosh', 'tanh', 'log', 'exp', 'floor', 'ceil', 'factorial'])
const GREEK = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'varepsilon', 'zeta', 'eta', 'theta', 'vartheta', 'iota', 'kappa', 'lambda', 'mu', 'nu', 'xi', 'rho', 'sigma', 'tau', 'upsilon', 'phi', 'varphi', 'chi', 'psi', 'omega', 'Gamma', 'Delta', 'Theta', 'Lambda', 'Xi', 'Sigma', 'Phi', 'Psi', 'Omega']
/** Words kept whole when written without a backslash ("sqrt(2)", "pi", "inf"). */
const NAMES = new Set([...FUNCTIONS, 'pi', 'ln', 'arcsin', 'arccos', 'arctan', 'infinity', 'infty', 'inf', ...GREEK])
const ALIASES: Record<string, string> = { ln: 'log', arcsin: 'asin', arccos: 'acos', arctan: 'atan', infinity: 'Infinity', infty: 'Infinity', inf: 'Infinity', varepsilon: 'epsilon', vartheta: 'theta', varphi: 'phi' }
const WRAPPERS = new Set(['text', 'textbf', 'textit', 'textrm', 'textnormal', 'mathrm', 'mathbf', 'mathit', 'mathsf', 'mbox', 'operatorname', 'boldsymbol', 'bm', 'mathbb', 'emph', 'hbox'])
const DROPPED = new Set(['left', 'right', 'big', 'Big', 'bigg', 'Bigg', 'bigl', 'bigr', 'Bigl', 'Bigr', 'displaystyle', 'textstyle', 'limits', 'quad', 'qquad', 'cr'])
const OPERATORS: Record<string, string> = { cdot: '*', times: '*', ast: '*', div: '/', lvert: 'abs(', rvert: ')', lfloor: 'floor(', rfloor: ')', lceil: 'ceil(', rceil: ')' }
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
  s = s.replace(/\\[dtc]frac\b/g, '\\frac').replace(/\\[dt]binom\b/g, '\\binom')
  // digit groups: "32,\!348", "10{,}080", "10\,080" and "10 080" are one number; elsewhere "\," is a space
  s = s.replace(/\{,\}/g, ',').replace(/(\d),?\s*\\[!,]\s*(?=\d{3}(?!\d))/g, '$1,')
  s = s.replace(/(?<!\\)\\[!,;:> ]/g, ' ').replace(/~/g, ' ')
  s = s.replace(/(\d) (?=\d{3}(?!\d))/g, '$1')
  s = s.replace(/\\(left|right|[Bb]igg?[lr]?)\s*(\.|(?=[\\([\]{}|)]))/g, '') // \left( → (, \left. → nothing
  s = s.replace(/\\(displaystyle|textstyle)\b/g, '')
  s = stripUnits(s.trim())
  s = s.replace(/\s+/g, ' ').replace(/[.。]+$/, '').trim()
  return { text: s, percent, degrees }
}

/** "5\text{ cm}^2", "12 inches", "3 \mbox{units}" → the number; a whole-answer \text{…} is kept (it is the answer). */
function stripUnits(s: string): string {
  let out = s.replace(/(\S)\s*\\(?:text|mbox|textnormal|mathrm|textrm)\s*\{\s*([a-zA-Z][a-zA-Z .]*)\}(\s*\^\s*\{?\d\}?)?\s*$/, (m, before: string, words: string) =>
    words.trim().split(/\s+/).every((w) => !MATH_WORDS.test(w.replace(/\.$/, ''))) ? before : m,
  )
  out = out.replace(/([\d})\]])\s+((?:[a-zA-Z]{2,}\.?\s*)+)(\^\s*\{?\d\}?)?$/, (m, before: string, words: string) => {
    const ws = words.trim().split(/\s+/).map((w) => w.replace(/\.$/, ''))
    // "3 xy" is a product; "5 cm", "12 square units" are units
    const unitLike = ws.some((w) => w.length >= 3 || SHORT_UNITS.has(w))
    return unitLike && ws.every((w) => !MATH_WORDS.test(w)) ? before : m
  })
  return out
}

/** True when the answer is words (a name, "even", "\text{Sunday}") rather than an expression. */
export function isWordy(s: string): boolean {
  if (/^\\(?:text|textbf|mbox|textnormal|textrm)\s*\{/.test(s.trim())) return true
  const plain = s.replace(/\\[a-zA-Z]+/g, ' ')
  for (const w of plain.match(/[a-zA-Z]{3,}/g) ?? []) if (!NAMES.has(w) && !NAMES.has(w.toLowerCase())) return true
  return false
}

export function latexToMathjs(input: string): string {
  const out = new Converter(input).run()
  // A variable right before "(" is a product, not a call: x(x+1) → x * (x+1).
  return out
    .replace(/\b([A-Za-z][A-Za-z0-9_]*)\s*\(/g, (m, name: string) => (FUNCTIONS.has(name) ? m : `${name} * (`))
    .replace(/\s+/g, ' ')
    .trim()
}

class Converter {
  private i = 0
  private absOpen = false
  constructor(private readonly s: string) {}

  run(): string {
    let out = ''
    while (this.i < this.s.length) {
      const piece = this.next()
      out = piece.startsWith('_') ? out.trimEnd() + piece : out + piece // x_1 stays one symbol
    }
    return out
  }

  private next(): string {
    const s = this.s
    const c = s[this.i]
    if (c === '\\') return this.command()
    if (c === '{') return `(${this.sub(this.group())})`
    if (c === '}') throw new UnsupportedLatex('unbalanced }')
    if (c === '^') {
      this.i++
      // "2^10" written as plain text means 2^{10}, not TeX's 2^{1}0
      const digits = /^\s*-?\d+/.exec(s.slice(this.i))
      if (digits) {
        this.i += digits[0].length
        return `^(${digits[0].trim()})`
      }
      return `^(${this.sub(this.arg())})`
    }
    if (c === '_') {
      this.i++
      const sub = this.arg().replace(/[{}\s]/g, '')
      if (!/^\w+$/.test(sub)) throw new UnsupportedLatex(`subscript ${sub}`)
      return `_${sub}`
    }
    if (c === '|') {
      this.i++
      this.absOpen = !this.absOpen
      return this.absOpen ? ' abs(' : ') '
    }
    if (/[a-zA-Z]/.test(c)) {
      const word = /^[a-zA-Z]+/.exec(s.slice(this.i))![0]
      this.i += word.length
      if (NAMES.has(word)) return ` ${ALIASES[word] ?? word} `
      const lower = word.toLowerCase()
      if (NAMES.has(lower)) return ` ${ALIASES[lower] ?? lower} `
      return ` ${word.split('').join(' ')} `
    }
    if (/[<>=;:?'",]/.test(c) || (c === '*' && s[this.i + 1] === '*')) {
      if (c === '*') {
        this.i += 2
        return '^'
      }
      throw new UnsupportedLatex(`operator ${c}`)
    }
    this.i++
    return c
  }

  private command(): string {
    const m = /^\\([a-zA-Z]+)\s*/.exec(this.s.slice(this.i))
    if (!m) {
      const ch = this.s[this.i + 1]
      this.i += 2
      if (ch === '{' || ch === '}') throw new UnsupportedLatex('set brace inside an expression')
      return ' '
    }
    this.i += m[0].length
    const name = m[1]
    if (name === 'frac') return `((${this.sub(this.arg())}) / (${this.sub(this.arg())}))`
    if (name === 'binom') return ` combinations(${this.sub(this.arg())}, ${this.sub(this.arg())}) `
    if (name === 'sqrt') {
      if (this.s[this.i] === '[') {
        const end = this.s.indexOf(']', this.i)
        if (end < 0) throw new UnsupportedLatex('\\sqrt[')
        const n = this.s.slice(this.i + 1, end)
        this.i = end + 1
        return ` nthRoot(${this.sub(this.arg())}, ${this.sub(n)}) `
      }
      return ` sqrt(${this.sub(this.arg())}) `
    }
    if (WRAPPERS.has(name)) return ` ${this.sub(this.arg())} `
    if (DROPPED.has(name)) return ' '
    if (name in OPERATORS) return ` ${OPERATORS[name]} `
    if (name === 'vert' || name === 'mid') {
      this.absOpen = !this.absOpen
      return this.absOpen ? ' abs(' : ') '
    }
    if (name === 'pi') return ' pi '
    if (name === 'infty') return ' Infinity '
    if (NAMES.has(name)) return ` ${ALIASES[name] ?? name} `
    throw new UnsupportedLatex(`\\${name}`)
  }

  /** One macro argument: a {group}, a \command, or a single character. */
  private arg(): string {
    while (this.s[this.i] === ' ') this.i++
    const c = this.s[this.i]
    if (c === undefined) throw new UnsupportedLatex('missing argument')
    if (c === '{') return this.group()
    if (c === '\\') {
      const m = /^\\[a-zA-Z]+/.exec(this.s.slice(this.i))
      if (m) {
        this.i += m[0].length
        return m[0]
      }
    }
    this.i++
    return c
  }

  private group(): string {
    const end = closeBrace(this.s, this.i)
    if (end < 0) throw new UnsupportedLatex('unbalanced {')
    const inner = this.s.slice(this.i + 1, end - 1)
    this.i = end
    return inner
  }

  private sub(text: string): string {
    return new Converter(text).run()
  }
}
