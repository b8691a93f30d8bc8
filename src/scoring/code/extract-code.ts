// The program inside a model's answer.
//
//   extractCode(answer, { entryPoint?, script? }): { code, source: 'fence' | 'lines' | 'whole' }
//
// Choice (documented in both benchmark READMEs): fenced blocks tagged python/py/python3 win over bare
// ``` blocks (a bare block is often sample output); among them, the LAST block that defines the entry
// point (`def name(` / `class name`) when one is given, else the LAST block. Why last: models show a
// draft, then "here is the corrected version". Why the entry point: a trailing "example usage" block
// must not replace the solution. OpenJarvis took the FIRST block, so a corrected second version lost.
// A block left open at the end (the model hit max_tokens) runs to the end of the answer.
// No usable fence: the lines from the first `def`/`class`/`import`/`from`/`@` line on (for stdin
// programs also `n = `, `for`, `while`, `print(`, `input(`, `sys.stdin`); else the whole answer.

export interface ExtractOptions {
  /** A function or class the code must define; prefers the block that defines it. */
  entryPoint?: string
  /** A stdin/stdout program: script-like first lines also start the no-fence fallback. */
  script?: boolean
}

export interface ExtractedCode {
  code: string
  source: 'fence' | 'lines' | 'whole'
}

interface Block {
  lang: string
  body: string
}

const PYTHON_TAGS = new Set(['python', 'py', 'python3', 'py3', 'pycon'])
const OPEN = /^\s*(`{3,}|~{3,})\s*([A-Za-z0-9_+.#-]*)[^`]*$/

function fencedBlocks(text: string): Block[] {
  const blocks: Block[] = []
  let open: { fence: string; lang: string; lines: string[] } | null = null
  for (const line of text.split(/\r?\n/)) {
    if (open) {
      const t = line.trim()
      if (t.length >= open.fence.length && t === open.fence[0].repeat(t.length)) {
        blocks.push({ lang: open.lang, body: open.lines.join('\n') })
        open = null
      } else open.lines.push(line)
      continue
    }
    const m = OPEN.exec(line)
    if (m) open = { fence: m[1], lang: m[2].toLowerCase(), lines: [] }
  }
  if (open && open.lines.length) blocks.push({ lang: open.lang, body: open.lines.join('\n') })
  return blocks
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

export function definesEntryPoint(code: string, name: string): boolean {
  return new RegExp(`^\\s*(?:async\\s+)?(?:def|class)\\s+${escape(name)}\\b`, 'm').test(code)
}

/** Complete `<think>…</think>` sections are reasoning, not the answer. */
export function stripThinking(answer: string): string {
  return answer.replace(/<think>[\s\S]*?<\/think>/gi, '')
}

const STARTERS = /^(?:def |async def |class |import |from |@)/
const SCRIPT_STARTERS = /^(?:def |async def |class |import |from |@|[nt]\s*=|for |while |print\(|input\(|sys\.stdin)/

export function extractCode(answer: string, opts: ExtractOptions = {}): ExtractedCode {
  const text = stripThinking(answer)
  const blocks = fencedBlocks(text).filter((b) => b.body.trim())
  const tagged = blocks.filter((b) => PYTHON_TAGS.has(b.lang))
  const candidates = tagged.length ? tagged : blocks.filter((b) => b.lang === '')
  if (candidates.length) {
    const defining = opts.entryPoint ? candidates.filter((b) => definesEntryPoint(b.body, opts.entryPoint!)) : []
    return { code: (defining.at(-1) ?? candidates.at(-1)!).body.trim(), source: 'fence' }
  }
  const lines = text.split(/\r?\n/)
  const starter = opts.script ? SCRIPT_STARTERS : STARTERS
  const first = lines.findIndex((l) => starter.test(l))
  if (first >= 0) return { code: lines.slice(first).join('\n').trim(), source: 'lines' }
  return { code: text.trim(), source: 'whole' }
}
