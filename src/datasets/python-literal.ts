// Python literals as datasets store them in string columns: FRAMES' wiki_links ("['https://…', '…']") and
// SimpleQA's metadata ("{'topic': 'Art', 'urls': [...]}"). Strings (single, double, escapes), numbers,
// True/False/None, lists, tuples and dicts; anything else is an error (the caller falls back).
//
//   parsePythonLiteral(text): unknown      throws SyntaxError when the text is not such a literal

export function parsePythonLiteral(text: string): unknown {
  const p = new LiteralParser(text)
  const value = p.value()
  p.end()
  return value
}

class LiteralParser {
  private i = 0
  constructor(private readonly s: string) {}

  end(): void {
    this.space()
    if (this.i < this.s.length) this.fail('unexpected text')
  }

  value(): unknown {
    this.space()
    const c = this.s[this.i]
    if (c === "'" || c === '"') return this.string()
    if (c === '[' || c === '(') return this.list(c === '[' ? ']' : ')')
    if (c === '{') return this.dict()
    const word = /^(True|False|None|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)/.exec(this.s.slice(this.i))
    if (!word) this.fail('expected a value')
    this.i += word![0].length
    return word![0] === 'True' ? true : word![0] === 'False' ? false : word![0] === 'None' ? null : Number(word![0])
  }

  private string(): string {
    const quote = this.s[this.i++]
    let out = ''
    while (this.i < this.s.length) {
      const c = this.s[this.i++]
      if (c === quote) return out
      if (c !== '\\') {
        out += c
        continue
      }
      const e = this.s[this.i++]
      const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', '0': '\0' }
      if (e in simple) out += simple[e]
      else if (e === 'x' || e === 'u') {
        const len = e === 'x' ? 2 : 4
        out += String.fromCharCode(parseInt(this.s.slice(this.i, this.i + len), 16))
        this.i += len
      } else out += `\\${e}`
    }
    return this.fail('unterminated string')
  }

  private list(close: string): unknown[] {
    this.i++
    const out: unknown[] = []
    for (;;) {
      this.space()
      if (this.s[this.i] === close) {
        this.i++
        return out
      }
      out.push(this.value())
      this.space()
      if (this.s[this.i] === ',') this.i++
      else if (this.s[this.i] !== close) this.fail(`expected , or ${close}`)
    }
  }

  private dict(): Record<string, unknown> {
    this.i++
    const out: Record<string, unknown> = {}
    for (;;) {
      this.space()
      if (this.s[this.i] === '}') {
        this.i++
        return out
      }
      const key = this.value()
      this.space()
      if (this.s[this.i++] !== ':') this.fail('expected :')
      out[String(key)] = this.value()
      this.space()
      if (this.s[this.i] === ',') this.i++
      else if (this.s[this.i] !== '}') this.fail('expected , or }')
    }
  }

  private space(): void {
    while (/\s/.test(this.s[this.i] ?? '')) this.i++
  }

  private fail(why: string): never {
    throw new SyntaxError(`not a Python literal (${why} at ${this.i})`)
  }
}
