// Prompts of one benchmark share their instruction: shown once, not on every row, so a row shows what differs.

export interface SharedText {
  prefix: string
  suffix: string
}

const MIN_SHARED = 24

/** Cuts a common prefix back to a line break (else a space), so no word or line is split. */
function toBoundary(s: string): string {
  const nl = s.lastIndexOf('\n')
  if (nl + 1 >= MIN_SHARED) return s.slice(0, nl + 1)
  const sp = s.lastIndexOf(' ')
  return sp + 1 >= MIN_SHARED ? s.slice(0, sp + 1) : ''
}

function commonPrefix(texts: string[]): string {
  let p = texts[0]
  for (const t of texts) {
    let i = 0
    while (i < p.length && i < t.length && p[i] === t[i]) i++
    p = p.slice(0, i)
    if (!p) break
  }
  return p
}

const reverse = (s: string) => [...s].reverse().join('')

/**
 * The instruction text at the start and the end of every prompt (cut at line or word boundaries, at least
 * 24 characters to count); empty when fewer than two prompts or nothing is shared.
 */
export function sharedText(prompts: string[]): SharedText {
  if (prompts.length < 2) return { prefix: '', suffix: '' }
  const prefix = toBoundary(commonPrefix(prompts))
  const rests = prompts.map((p) => reverse(p.slice(prefix.length)))
  // Reversed, the common suffix is a common prefix: cut at a boundary there, so the suffix starts at one.
  const suffix = reverse(toBoundary(commonPrefix(rests)))
  return { prefix, suffix: suffix.length >= MIN_SHARED ? suffix : '' }
}

/** What a prompt says beyond the shared instruction (the whole prompt when that would leave nothing). */
export function distinctPart(prompt: string, shared: SharedText): string {
  if (!prompt.startsWith(shared.prefix) || !prompt.endsWith(shared.suffix)) return prompt
  const rest = prompt.slice(shared.prefix.length, prompt.length - shared.suffix.length).trim()
  return rest || prompt
}
