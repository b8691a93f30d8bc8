// JSON with Python's key order. A JavaScript object lists integer-like keys ("1583904702") first and in numeric
// order, whatever order the file had; a Python dict keeps the file's. Retail's products and variants are keyed
// by such ids, so the model would read them in another order than upstream shows them. Objects parsed here
// remember their file order (a hidden symbol) and pyJson writes them in it; the data stays plain objects.
export const KEY_ORDER: unique symbol = Symbol('tau2.keyOrder')

const INT_KEY = /^(0|[1-9]\d*)$/

/** JSON.parse, keeping the file's key order of objects whose keys JavaScript would reorder. */
export function parseOrdered(text: string): unknown {
  let i = 0
  const ws = () => {
    while (i < text.length) {
      const c = text.charCodeAt(i)
      if (c !== 32 && c !== 10 && c !== 13 && c !== 9) break
      i++
    }
  }
  const str = (): string => {
    const start = i++
    let escaped = false
    for (;;) {
      const c = text.charCodeAt(i++)
      if (c === 34) break
      if (c === 92) {
        escaped = true
        i++
      }
      if (i > text.length) throw new SyntaxError('Unterminated string in JSON')
    }
    return escaped ? (JSON.parse(text.slice(start, i)) as string) : text.slice(start + 1, i - 1)
  }
  const value = (): unknown => {
    ws()
    const c = text[i]
    if (c === '{') {
      i++
      const obj: Record<string, unknown> = {}
      const keys: string[] = []
      ws()
      if (text[i] === '}') return i++, obj
      for (;;) {
        ws()
        const k = str()
        ws()
        if (text[i++] !== ':') throw new SyntaxError(`Expected ':' at ${i - 1} in JSON`)
        obj[k] = value()
        keys.push(k)
        ws()
        const sep = text[i++]
        if (sep === '}') break
        if (sep !== ',') throw new SyntaxError(`Expected ',' or '}' at ${i - 1} in JSON`)
      }
      if (keys.some((k) => INT_KEY.test(k))) Object.defineProperty(obj, KEY_ORDER, { value: keys, enumerable: false, writable: true })
      return obj
    }
    if (c === '[') {
      i++
      const arr: unknown[] = []
      ws()
      if (text[i] === ']') return i++, arr
      for (;;) {
        arr.push(value())
        ws()
        const sep = text[i++]
        if (sep === ']') break
        if (sep !== ',') throw new SyntaxError(`Expected ',' or ']' at ${i - 1} in JSON`)
      }
      return arr
    }
    if (c === '"') return str()
    const m = /-?\d+(\.\d+)?([eE][-+]?\d+)?|true|false|null|NaN|-?Infinity/y
    m.lastIndex = i
    const hit = m.exec(text)
    if (!hit) throw new SyntaxError(`Unexpected token at ${i} in JSON`)
    i = m.lastIndex
    return hit[0] === 'true' ? true : hit[0] === 'false' ? false : hit[0] === 'null' ? null : Number(hit[0])
  }
  const v = value()
  ws()
  if (i !== text.length) throw new SyntaxError(`Unexpected data at ${i} in JSON`)
  return v
}

/** An object's keys in Python's order: the file's order first (those still there), then keys added since. */
export function orderedKeys(o: object): string[] {
  const own = Object.keys(o)
  const order = (o as { [KEY_ORDER]?: string[] })[KEY_ORDER]
  if (!order) return own
  const present = new Set(own)
  const first = order.filter((k) => present.has(k))
  const seen = new Set(first)
  return [...first, ...own.filter((k) => !seen.has(k))]
}

/** A deep copy that keeps the key order (structuredClone drops the symbol). */
export function cloneOrdered<T>(v: T): T {
  if (Array.isArray(v)) return v.map(cloneOrdered) as T
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {}
    for (const k of Object.keys(v)) out[k] = cloneOrdered((v as Record<string, unknown>)[k])
    const order = (v as { [KEY_ORDER]?: string[] })[KEY_ORDER]
    if (order) Object.defineProperty(out, KEY_ORDER, { value: [...order], enumerable: false, writable: true })
    return out as T
  }
  return v
}
