// A realistic answer mix for MATH-500: 500 MATH-style reference answers (bench/lib/math-references.ts, generated
// in the proportions of the dataset's `answer` column) and, for each, model responses in the formats
// real models produce with our prompt ("put your final answer within \boxed{}"), each labelled right or wrong:
//
//   boxed        a worked solution ending in $\boxed{REF}$                                         right
//   equivalent   the same, boxed in another equivalent form (\dfrac, a/b, decimals, reordered terms,
//                units, x = …, x > a for an interval, another matrix environment, …)          right
//   minerva      "Final Answer: The final answer is $REF$. I hope it is correct."            right
//   prose        no \boxed and no "answer is": the last sentence states it ("Therefore … is $REF$.")  right
//   revised      an early intermediate \boxed{…} of another value, then "The final answer is $REF$."  right
//   split        several \boxed{} that together are the answer (lists, ±, tuples)              right
//   wrong        a boxed answer that differs (a digit changed, another word or option)          wrong
//   wrong-prose  the wrong value stated in the last sentence, no \boxed                        wrong
//   near-miss    a boxed slip that looks close: the sign, the reciprocal, a lost factor or \pi, the other
//                bracket, the pair swapped, an expression's sign flipped                         wrong
//
// The rewrites are exact (each one is equal to the reference by construction); the wrong values differ.

export interface MixCase {
  id: string
  reference: string
  response: string
  kind: 'boxed' | 'equivalent' | 'minerva' | 'prose' | 'revised' | 'split' | 'wrong' | 'wrong-prose' | 'near-miss'
  correct: boolean
}

const WORK = [
  'Let me work through this step by step.\n\nFirst, we set up the problem from the given information and simplify.',
  "We start by writing down what we know.\n\nApplying the formula and simplifying each term, we get",
  '## Step 1: Understand the problem\nWe need to compute the requested quantity.\n\n## Step 2: Compute\nCarrying out the computation carefully:',
  'To solve this, note the key relation in the statement. Substituting the values gives',
]
const PROSE = ['Therefore, the value we are looking for is', 'So the answer to the question is', 'Putting this together, the result is', 'Hence the quantity equals']

const isInt = (s: string) => /^-?\d+$/.test(s)

/** An equivalent form of the reference, or null when none of the rewrites applies. */
export function equivalentForm(ref: string, i: number): string | null {
  const out = rewrite(ref.trim(), i)
  return out === null || out.replace(/\s+/g, '') === ref.replace(/\s+/g, '') ? null : out
}

const isThousands = (r: string) => /^(\\\$)?\d{1,3}(,(\\!)?\s*\d{3})+$/.test(r)

function rewrite(r: string, i: number): string | null {
  if (isInt(r)) {
    const n = Number(r)
    if (Math.abs(n) >= 1000) return n.toLocaleString('en-US')
    return [`x = ${r}`, `${r} \\text{ units}`, `${r}.0`][i % 3]
  }
  let m: RegExpExecArray | null
  if ((m = /^(-?)\\d?frac\{?(\d+)\}?\{?(\d+)\}?$/.exec(r.replace(/\s+/g, '')))) {
    const [, sign, a, b] = m
    const value = Number(a) / Number(b)
    const dec = String(Math.abs(value))
    if (i % 3 === 0 && dec.length <= 8) return `${sign}${dec}`
    return i % 3 === 1 ? `${sign}${a}/${b}` : `${sign}\\dfrac{${a}}{${b}}`
  }
  if ((m = /^(\d+)\s*\\sqrt\{?(\d+)\}?$/.exec(r))) return i % 2 ? `\\sqrt{${Number(m[1]) ** 2 * Number(m[2])}}` : `${m[1]}\\sqrt{${m[2]}}`
  if ((m = /^(\d+)\^\\circ$/.exec(r))) return [`${m[1]}`, `${m[1]}^{\\circ}`, `${m[1]} \\text{ degrees}`][i % 3]
  if ((m = /^\\text\{\((\w)\)\}$/.exec(r))) return i % 2 ? `(${m[1]})` : m[1]
  if ((m = /^\\text\{([\w ]+)\}$/.exec(r))) return i % 2 ? `\\textbf{${m[1]}}` : m[1]
  if ((m = /^(\d+)_\{?(\d+)\}?$/.exec(r))) return `${m[1]}_{${m[2]}}`
  if ((m = /^\\\$([\d,.]+)$/.exec(r.replace(/\\!/g, '')))) return m[1].replace(/,/g, '')
  if ((m = /^(\d+)\s*\\frac\{(\d+)\}\{(\d+)\}$/.exec(r))) return `\\frac{${Number(m[1]) * Number(m[3]) + Number(m[2])}}{${m[3]}}`
  if (isThousands(r)) return r.replace(/,(\\!)?\s*/g, '')
  if (/^\.\d+$/.test(r)) return `0${r}`
  if ((m = /^(\d*)\.(\d+)$/.exec(r))) return `\\frac{${Number(m[1] + m[2])}}{${10 ** m[2].length}}`
  if ((m = /^(.+?)\s*\\(?:text|mbox)\{\s*[a-z ]+\}(\^2)?$/.exec(r))) return m[1]
  if ((m = /^(.+?)\s*\\pm\s*(.+)$/.exec(r)) && !r.includes(',')) return `${m[1]} + ${m[2]}, ${m[1]} - ${m[2]}`
  if ((m = /^\(\s*(-?[\w\\]+)\s*,\s*\\infty\s*\)$/.exec(r))) return `x > ${m[1]}`
  if ((m = /^\(\s*-\\infty\s*,\s*(-?\w+)\s*\]$/.exec(r))) return `x \\le ${m[1]}`
  if (/^\\begin\{pmatrix\}/.test(r)) return r.replace(/pmatrix/g, 'bmatrix')
  const bare = r.replace(/\\left|\\right/g, '').trim()
  if (/^[([].*[)\]]$/.test(bare) && !r.includes('\\cup')) return bare.replace(/\s*,\s*/g, ', ')
  if (/^[^(){}[\]\\]+,[^(){}[\]]+$/.test(r)) return r.split(',').map((s) => s.trim()).reverse().join(', ')
  if ((m = /^([a-z]) = (.+)$/.exec(r.replace(/\s*=\s*/, ' = ')))) return i % 2 ? m[2] : `${m[1]}=${reverseTerms(m[2])}`
  if (r === '\\cot x') return '\\frac{\\cos x}{\\sin x}'
  if ((m = /^\\frac\{(\d*)\\pi\}\{(\d+)\}$/.exec(r))) return `\\frac{${m[1] || 1}}{${m[2]}}\\pi`
  const eq = /^([^=]+)=([^=]+)$/.exec(r)
  if (eq) return `${reverseTerms(eq[1].trim())} = ${eq[2].trim()}`
  if (/[a-z]/.test(r.replace(/\\[a-z]+/g, '')) && /.[+-]/.test(r)) return reverseTerms(r)
  return null
}

/** "x^3+3x-6" → "-6 + 3x + x^3": the top-level terms in reverse order (an exact rewrite). */
function reverseTerms(s: string): string {
  const terms: string[] = []
  let depth = 0
  let cur = ''
  for (let k = 0; k < s.length; k++) {
    const c = s[k]
    if ('({['.includes(c)) depth++
    if (')}]'.includes(c)) depth--
    if (depth === 0 && (c === '+' || c === '-') && cur.trim() !== '' && !/[\^_]\s*$/.test(cur)) {
      terms.push(cur.trim())
      cur = c
    } else cur += c
  }
  terms.push(cur.trim())
  const signed = terms.map((t) => (t.startsWith('-') || t.startsWith('+') ? t : `+${t}`))
  return signed.reverse().map((t, k) => (k === 0 ? (t.startsWith('+') ? t.slice(1) : t) : ` ${t[0]} ${t.slice(1).trim()}`)).join('')
}

const WORDS: Record<string, string> = { Evelyn: 'Carla', east: 'west', even: 'odd', ellipse: 'hyperbola', Navin: 'Luka' }

/** A wrong value: another option, another word, or one digit changed. */
export function wrongForm(ref: string): string {
  const r = ref.trim()
  if (isInt(r)) return String(Number(r) + (Number(r) % 7 === 3 ? -1 : 1))
  const opt = /^\\text\{\((\w)\)\}$/.exec(r)
  if (opt) return `\\text{(${opt[1] === 'A' ? 'B' : 'A'})}`
  const word = /^\\text\{([\w ]+)\}$/.exec(r)
  if (word) return `\\text{${WORDS[word[1]] ?? `not ${word[1]}`}}`
  const d = /\d/.exec(r)
  if (d) return r.slice(0, d.index) + String((Number(d[0]) + 1) % 10 || 2) + r.slice(d.index + 1)
  if (r === 'p - q') return 'q - p'
  if (r === '\\cot x') return '\\tan x'
  return `2${r}`
}

/** A plausible slip that is still wrong, or null when none applies. */
export function nearMiss(ref: string): string | null {
  const r = ref.trim()
  let m: RegExpExecArray | null
  if (isInt(r)) return r === '0' ? null : r.startsWith('-') ? r.slice(1) : `-${r}`
  // a mixed number read as a product: 1\frac{4}{5} taken for 1·4/5
  if ((m = /^(\d+)\s*\\frac\{(\d+)\}\{(\d+)\}$/.exec(r))) return `\\frac{${Number(m[1]) * Number(m[2])}}{${m[3]}}`
  if ((m = /^(-?)\\d?frac\{(\d+)\}\{(\d+)\}$/.exec(r)) && m[2] !== m[3]) return `${m[1]}\\frac{${m[3]}}{${m[2]}}`
  if ((m = /^(\d+)\s*\\sqrt\{?(\d+)\}?$/.exec(r))) return `\\sqrt{${m[2]}}`
  if ((m = /^(\d+)\^\\circ$/.exec(r)) && m[1] !== '90') return `${180 - Number(m[1])}^\\circ`
  if ((m = /^(\d+)\s*\\pi$/.exec(r))) return m[1]
  if ((m = /^\((.+),\s*(.+)\]$/.exec(r))) return `(${m[1]}, ${m[2]})`
  if ((m = /^\((-?\d+),\s*(-?\d+)\)$/.exec(r)) && m[1] !== m[2]) return `(${m[2]}, ${m[1]})`
  if (/^[a-z0-9^+\- ]+$/i.test(r) && /[a-z]/i.test(r) && !/i$/.test(r)) return `-(${r})`
  return null
}

/** Several boxes that together are the answer, or null for an answer that is one value. */
function splitBoxes(ref: string): string | null {
  const pm = /^(.+?)\s*\\pm\s*(.+)$/.exec(ref)
  if (pm && !ref.includes(',')) return `The solutions are $\\boxed{${pm[1]} + ${pm[2]}}$ and $\\boxed{${pm[1]} - ${pm[2]}}$.`
  if (/^[^(){}\\]+,[^(){}\\]+$/.test(ref) && !isThousands(ref)) return `So $x = \\boxed{${ref.split(',').map((s) => s.trim()).join('}$ or $x = \\boxed{')}}$.`
  const pair = /^\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)$/.exec(ref)
  if (pair) return `Thus $a = \\boxed{${pair[1]}}$ and $b = \\boxed{${pair[2]}}$, so the ordered pair is $(a, b) = (${pair[1]}, ${pair[2]})$.`
  return null
}

export function buildMix(references: string[]): MixCase[] {
  const out: MixCase[] = []
  references.forEach((reference, i) => {
    const work = WORK[i % WORK.length]
    const prose = PROSE[i % PROSE.length]
    const add = (kind: MixCase['kind'], response: string, correct: boolean) => out.push({ id: `${i}-${kind}`, reference, response, kind, correct })
    add('boxed', `${work}\n\n$$\\boxed{${reference}}$$`, true)
    const eq = equivalentForm(reference, i)
    if (eq !== null) add('equivalent', `${work}\n\nThe final answer is $\\boxed{${eq}}$.`, true)
    if (i % 2 === 0) add('minerva', `${work}\n\nFinal Answer: The final answer is $${reference}$. I hope it is correct.`, true)
    else add('prose', `${work}\n\n${prose} $${reference}$.`, true)
    const wrong = wrongForm(reference)
    if (i % 5 === 0) add('revised', `${work} an intermediate value of $\\boxed{${wrong}}$ for the first part.\n\nContinuing, we combine the parts.\n\nThe final answer is $${reference}$.`, true)
    const split = splitBoxes(reference)
    if (split) add('split', `${work}\n\n${split}`, true)
    add('wrong', `${work}\n\nThe answer is $\\boxed{${wrong}}$.`, false)
    const near = nearMiss(reference)
    if (near !== null) add('near-miss', `${work}\n\nSo the answer is $\\boxed{${near}}$.`, false)
    if (i % 2 === 1) add('wrong-prose', `${work}\n\n${prose} $${wrong}$.`, false)
  })
  return out
}
