// JSON in a judge's reply: fenced blocks and balanced top-level {…} objects, in the order they appear. Judges
// echo the prompt's example, wrap the JSON in prose, or break a long string over lines; readers take the LAST
// object that has what they need (an echoed example comes first).
//
//   jsonCandidates(raw): string[]                 the texts, in order
//   jsonObjects(raw): Record<string, unknown>[]   those that parse (strict, then with raw newlines in strings escaped)

/** Fenced blocks and every balanced top-level {…}, in the order they appear (a bare [ in prose opens nothing). */
export function jsonCandidates(raw: string): string[] {
  const out: { at: number; text: string }[] = []
  for (const m of raw.matchAll(/```(?:json)?\s*([\s\S]*?)```/gi)) out.push({ at: m.index ?? 0, text: m[1].trim() })
  let depth = 0
  let start = -1
  let inString = false
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') inString = false
      continue
    }
    if (depth === 0) {
      if (c === '{') {
        start = i
        depth = 1
      }
      continue
    }
    if (c === '"') inString = true
    else if (c === '{' || c === '[') depth++
    else if ((c === '}' || c === ']') && --depth === 0) out.push({ at: start, text: raw.slice(start, i + 1) })
  }
  return out.sort((a, b) => a.at - b.at).map((c) => c.text)
}

/** JSON.parse, then again with literal newlines/tabs inside strings escaped (a common judge slip). */
function parseLoose(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {}
  let out = ''
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (inString && c === '\\') {
      out += c + (text[++i] ?? '')
      continue
    }
    if (c === '"') inString = !inString
    out += inString && c === '\n' ? '\\n' : inString && c === '\r' ? '\\r' : inString && c === '\t' ? '\\t' : c
  }
  try {
    return JSON.parse(out)
  } catch {
    return undefined
  }
}

export function jsonObjects(raw: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = []
  for (const c of jsonCandidates(raw ?? '')) {
    const v = parseLoose(c)
    if (v && typeof v === 'object' && !Array.isArray(v)) out.push(v as Record<string, unknown>)
  }
  return out
}
