// Tools two or more tau2 domains share, with the same text as upstream: `calculate` (airline, retail) and
// `transfer_to_human_agents` (all three).
import { describe, str, type DomainTool } from '../toolkit.ts'

export const transferTool: DomainTool = {
  name: 'transfer_to_human_agents',
  kind: 'generic',
  description: describe(
    "Transfer the user to a human agent, with a summary of the user's issue.",
    "Only transfer if\n -  the user explicitly asks for a human agent\n -  given the policy and the available tools, you cannot solve the user's issue.",
  ),
  params: { summary: str("A summary of the user's issue.") },
  run: () => 'Transfer successful',
}

export const calculateTool: DomainTool = {
  name: 'calculate',
  kind: 'generic',
  description: 'Calculate the result of a mathematical expression.',
  params: { expression: str("The mathematical expression to calculate, such as '2 + 2'. The expression can contain numbers, operators (+, -, *, /), parentheses, and spaces.") },
  run: (a) => {
    const e = String(a.expression ?? '')
    if (![...e].every((c) => '0123456789+-*/(). '.includes(c))) throw new Error('Invalid characters in expression')
    const x = evaluate(e)
    const r = Number(x.toFixed(2))
    // str(round(float(x), 2)): a Python float always shows its decimal point.
    return Number.isInteger(r) ? `${r}.0` : String(r)
  },
}

/**
 * Python's `eval` over the characters `calculate` allows: + - * / // ** and parentheses, with Python's
 * precedence (** binds tighter than unary minus on its left, and is right-associative).
 */
function evaluate(src: string): number {
  const toks = src.match(/\d*\.\d+|\d+\.?|\*\*|\/\/|[-+*/()]/g) ?? []
  if (toks.join('') !== src.replace(/\s+/g, '')) throw new Error('invalid syntax')
  let i = 0
  const peek = () => toks[i]
  const expr = (): number => {
    let v = term()
    while (peek() === '+' || peek() === '-') v = toks[i++] === '+' ? v + term() : v - term()
    return v
  }
  const term = (): number => {
    let v = unary()
    while (peek() === '*' || peek() === '/' || peek() === '//') {
      const op = toks[i++]
      const r = unary()
      if ((op === '/' || op === '//') && r === 0) throw new Error(op === '/' ? 'division by zero' : 'integer division or modulo by zero')
      v = op === '*' ? v * r : op === '/' ? v / r : Math.floor(v / r)
    }
    return v
  }
  const unary = (): number => (peek() === '-' ? (i++, -unary()) : peek() === '+' ? (i++, unary()) : power())
  const power = (): number => {
    const base = atom()
    return peek() === '**' ? (i++, base ** unary()) : base
  }
  const atom = (): number => {
    const t = toks[i++]
    if (t === '(') {
      const v = expr()
      if (toks[i++] !== ')') throw new Error("'(' was never closed")
      return v
    }
    if (t === undefined || !/^[\d.]/.test(t)) throw new Error('invalid syntax')
    return Number(t)
  }
  const v = expr()
  if (i !== toks.length) throw new Error('invalid syntax')
  return v
}
