// Cleaned LaTeX → text mathjs parses. A converter, not a parser: mathjs does the algebra.
//
//   latexToMathjs(s): string            throws UnsupportedLatex for what it cannot convert (then: 'unsure')
//
// A run of plain letters is a product of single-letter variables ("2ab" → 2 a b), as in LaTeX, except for the
// names in NAMES. Functions are functions: `\sin 2x` is sin(2 x), `\sin^2 x` is sin(x)^2, `\log_2 8` is
// log(8, 2), `\ln 6` is log(6); reading them as variables made `2\sin x` equal `\sin 2x`. A baseless `\log`
// becomes `logu`, which evaluate.ts tries as both ln and log10 (the two readings must agree). `3\frac{1}{2}`
// with digits only is the mixed number 3 + 1/2.
import { closeBrace } from './extract-answer.ts'

export class UnsupportedLatex extends Error {}

export const FUNCTIONS = new Set(['sqrt', 'nthRoot', 'combinations', 'abs', 'sin', 'cos', 'tan', 'sec', 'csc', 'cot', 'asin', 'acos', 'atan', 'sinh', 'cosh', 'tanh', 'log', 'logu', 'exp', 'floor', 'ceil', 'factorial'])
/** LaTeX function commands and plain words (no backslash) that take an argument, with their mathjs names. */
const CALLS: Record<string, string> = {
  sin: 'sin', cos: 'cos', tan: 'tan', sec: 'sec', csc: 'csc', cot: 'cot', arcsin: 'asin', arccos: 'acos', arctan: 'atan',
  asin: 'asin', acos: 'acos', atan: 'atan', sinh: 'sinh', cosh: 'cosh', tanh: 'tanh', ln: 'log', log: 'logu', exp: 'exp',
}
const INVERSE: Record<string, string> = { sin: 'asin', cos: 'acos', tan: 'atan' }
const GREEK = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'varepsilon', 'zeta', 'eta', 'theta', 'vartheta', 'iota', 'kappa', 'lambda', 'mu', 'nu', 'xi', 'rho', 'sigma', 'tau', 'upsilon', 'phi', 'varphi', 'chi', 'psi', 'omega', 'Gamma', 'Delta', 'Theta', 'Lambda', 'Xi', 'Sigma', 'Phi', 'Psi', 'Omega']
/** Words kept whole when written without a backslash ("sqrt(2)", "pi", "inf"). */
export const NAMES = new Set([...FUNCTIONS, ...Object.keys(CALLS), 'pi', 'infinity', 'infty', 'inf', ...GREEK])
const ALIASES: Record<string, string> = { infinity: 'Infinity', infty: 'Infinity', inf: 'Infinity', varepsilon: 'epsilon', vartheta: 'theta', varphi: 'phi' }
const WRAPPERS = new Set(['text', 'textbf', 'textit', 'textrm', 'textnormal', 'mathrm', 'mathbf', 'mathit', 'mathsf', 'mbox', 'operatorname', 'boldsymbol', 'bm', 'mathbb', 'emph', 'hbox'])
const DROPPED = new Set(['left', 'right', 'big', 'Big', 'bigg', 'Bigg', 'bigl', 'bigr', 'Bigl', 'Bigr', 'displaystyle', 'textstyle', 'limits', 'quad', 'qquad', 'cr'])
const OPERATORS: Record<string, string> = { cdot: '*', times: '*', ast: '*', div: '/', lvert: 'abs(', rvert: ')', lfloor: 'floor(', rfloor: ')', lceil: 'ceil(', rceil: ')' }
/** Commands that end a function's unbracketed argument: `\sin x \cdot y` is sin(x)·y. */
const ARG_STOPS = new Set(['cdot', 'times', 'div', 'pm', 'mp', 'cup', 'cap', 'le', 'leq', 'ge', 'geq', 'ne', 'neq', 'lt', 'gt', 'right', 'quad', 'qquad', 'text', 'mbox', ...Object.keys(CALLS)])

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
    if (/\d/.test(c) && !/[\w.^_]/.test(s[this.i - 1] ?? '')) {
      const mixed = /^(\d+)\s*\\frac\s*(?:\{(\d+)\}|(\d))\s*(?:\{(\d+)\}|(\d))/.exec(s.slice(this.i))
      if (mixed) {
        this.i += mixed[0].length
        return ` (${mixed[1]} + ${mixed[2] ?? mixed[3]} / ${mixed[4] ?? mixed[5]}) `
      }
    }
    if (/[a-zA-Z]/.test(c)) {
      const word = /^[a-zA-Z]+/.exec(s.slice(this.i))![0]
      this.i += word.length
      for (const w of [word, word.toLowerCase()]) {
        if (w in CALLS) return this.call(CALLS[w])
        if (NAMES.has(w)) return ` ${ALIASES[w] ?? w} `
      }
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
    if (name in CALLS) return this.call(CALLS[name])
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

  /** A function and its argument: `\sin^2(2x)`, `\log_2 8`, `\sin 2x`, `\sec^{-1} y`. */
  private call(fn: string): string {
    let power: string | null = null
    let base: string | null = null
    for (;;) {
      this.skipSpaces()
      if (this.s[this.i] === '^' && power === null) {
        this.i++
        power = this.sub(this.arg()).trim()
      } else if (this.s[this.i] === '_' && base === null) {
        this.i++
        base = this.sub(this.arg()).trim()
      } else break
    }
    const arg = this.callArgument()
    if (base !== null && fn !== 'logu') throw new UnsupportedLatex(`${fn} with a subscript`)
    let out = base !== null ? `log(${arg}, ${base})` : `${fn}(${arg})`
    if (power !== null) {
      const inverse = power.replace(/[()\s]/g, '') === '-1'
      if (inverse && !INVERSE[fn]) throw new UnsupportedLatex(`${fn}^-1`)
      out = inverse ? `${INVERSE[fn]}(${arg})` : `(${out})^(${power})`
    }
    return ` ${out} `
  }

  /** `(…)`/`{…}` when bracketed, else the factors up to the next +, -, =, comma, closing bracket or operator. */
  private callArgument(): string {
    this.skipSpaces()
    const s = this.s
    const left = /^\\left\s*\(/.exec(s.slice(this.i))
    if (s[this.i] === '(' || left) {
      const open = this.i + (left ? left[0].length - 1 : 0)
      const close = matchParen(s, open)
      if (close < 0) throw new UnsupportedLatex('unbalanced (')
      this.i = close + 1
      return this.sub(s.slice(open + 1, close).replace(/\\right\s*$/, ''))
    }
    if (s[this.i] === '{') return this.sub(this.group())
    const start = this.i
    let depth = 0
    for (; this.i < s.length; this.i++) {
      const c = s[this.i]
      if (c === '\\') {
        const cmd = /^\\([a-zA-Z]+)/.exec(s.slice(this.i))
        if (depth === 0 && cmd && ARG_STOPS.has(cmd[1])) break
        this.i += cmd ? cmd[0].length - 1 : 1
        continue
      }
      if ('({['.includes(c)) depth++
      else if (')}]'.includes(c)) {
        if (depth === 0) break
        depth--
      } else if (depth === 0 && (/[=,;<>|&*/]/.test(c) || ((c === '+' || c === '-') && s.slice(start, this.i).trim() !== '' && !/[\^_]\s*$/.test(s.slice(start, this.i))))) break
    }
    const text = s.slice(start, this.i)
    if (!text.trim()) throw new UnsupportedLatex('function without an argument')
    return this.sub(text)
  }

  private skipSpaces(): void {
    while (this.s[this.i] === ' ') this.i++
  }

  /** One macro argument: a {group}, a \command, or a single character. */
  private arg(): string {
    this.skipSpaces()
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

/** Index of the ")" closing the "(" at `open`, or -1. */
function matchParen(s: string, open: number): number {
  let depth = 0
  for (let i = open; i < s.length; i++) {
    if (s[i] === '(') depth++
    else if (s[i] === ')' && --depth === 0) return i
  }
  return -1
}
