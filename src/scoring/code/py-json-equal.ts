// Python's `prediction == expected` on two JSON texts, computed in Node so the expected outputs of a
// LeetCode-style problem never enter the sandbox (the model's code could read them there and echo them).
//
//   pyJsonEqual(actualJson, expectedJson): boolean      (throws SyntaxError on invalid JSON)
//
// Semantics of Python ==: ints are exact (BigInt, so 2**70 is not rounded), int == float compares values
// (1 == 1.0), bool is an int (True == 1), NaN equals nothing, lists compare in order, dicts by key set.
// JSON.parse cannot do this: it rounds big integers and loses the int/float distinction.

type Py = null | boolean | bigint | number | string | Py[] | { [k: string]: Py }

// Sticky (y): matched at lastIndex without slicing the text (a long list would otherwise be quadratic).
const NUMBER = /-?\d+(\.\d+)?([eE][+-]?\d+)?/y
const STRING = /"(?:[^"\\\u0000-\u001f]|\\.)*"/y

class Parser {
  i = 0
  constructor(private readonly s: string) {}

  fail(what: string): never {
    throw new SyntaxError(`invalid JSON at ${this.i}: ${what}`)
  }

  ws() {
    while (this.i < this.s.length && ' \t\n\r'.includes(this.s[this.i])) this.i++
  }

  value(): Py {
    this.ws()
    const c = this.s[this.i]
    if (c === '{') return this.object()
    if (c === '[') return this.array()
    if (c === '"') return this.string()
    for (const [word, v] of [['true', true], ['false', false], ['null', null], ['NaN', NaN], ['Infinity', Infinity], ['-Infinity', -Infinity]] as const) {
      if (this.s.startsWith(word, this.i)) {
        this.i += word.length
        return v
      }
    }
    NUMBER.lastIndex = this.i
    const m = NUMBER.exec(this.s)
    if (!m) this.fail('unexpected character')
    this.i += m[0].length
    return m[1] || m[2] ? Number(m[0]) : BigInt(m[0])
  }

  string(): string {
    STRING.lastIndex = this.i
    const m = STRING.exec(this.s)
    if (!m) this.fail('bad string')
    this.i += m[0].length
    return JSON.parse(m[0]) as string
  }

  array(): Py[] {
    this.i++
    const out: Py[] = []
    this.ws()
    if (this.s[this.i] === ']') return this.i++, out
    for (;;) {
      out.push(this.value())
      this.ws()
      const c = this.s[this.i++]
      if (c === ']') return out
      if (c !== ',') this.fail('expected , or ]')
    }
  }

  object(): { [k: string]: Py } {
    this.i++
    const out: { [k: string]: Py } = Object.create(null)
    this.ws()
    if (this.s[this.i] === '}') return this.i++, out
    for (;;) {
      this.ws()
      const k = this.string()
      this.ws()
      if (this.s[this.i++] !== ':') this.fail('expected :')
      out[k] = this.value()
      this.ws()
      const c = this.s[this.i++]
      if (c === '}') return out
      if (c !== ',') this.fail('expected , or }')
    }
  }
}

export function parsePyJson(text: string): Py {
  const p = new Parser(text)
  const v = p.value()
  p.ws()
  if (p.i !== text.length) p.fail('trailing characters')
  return v
}

const isNum = (v: Py): v is boolean | bigint | number => typeof v === 'boolean' || typeof v === 'bigint' || typeof v === 'number'
const asNum = (v: boolean | bigint | number) => (typeof v === 'boolean' ? (v ? 1n : 0n) : v)

export function pyEqual(a: Py, b: Py): boolean {
  if (isNum(a) && isNum(b)) {
    // Loose == between bigint and number compares mathematically, exactly (10n ** 20n == 1e20).
    return asNum(a) == asNum(b)
  }
  if (a === null || b === null) return a === b
  if (typeof a === 'string' || typeof b === 'string') return a === b
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => pyEqual(x, b[i]))
  }
  if (typeof a !== 'object' || typeof b !== 'object') return false
  const ka = Object.keys(a)
  return ka.length === Object.keys(b).length && ka.every((k) => k in b && pyEqual(a[k], b[k]))
}

export function pyJsonEqual(actualJson: string, expectedJson: string): boolean {
  return pyEqual(parsePyJson(actualJson), parsePyJson(expectedJson))
}
