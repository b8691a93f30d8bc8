import { JarvisError } from './errors.ts'

/**
 * A command line → argv, the way a POSIX shell splits words: spaces separate, single quotes keep everything,
 * double quotes keep spaces (\" and \\ escaped), a backslash escapes the next character. No expansion of any
 * kind ($VAR, globs, ~): the words are passed as written. For `--tools mcp:<command …>` and `mcp_servers`.
 */
export function splitCommandLine(line: string, where: string): string[] {
  const out: string[] = []
  let word = ''
  let inWord = false
  let quote: "'" | '"' | null = null
  for (let i = 0; i < line.length; i++) {
    const c = line[i]
    if (quote === "'") {
      if (c === "'") quote = null
      else word += c
    } else if (quote === '"') {
      if (c === '"') quote = null
      else if (c === '\\' && (line[i + 1] === '"' || line[i + 1] === '\\')) word += line[++i]
      else word += c
    } else if (c === "'" || c === '"') {
      quote = c
      inWord = true
    } else if (c === '\\' && i + 1 < line.length) {
      word += line[++i]
      inWord = true
    } else if (/\s/.test(c)) {
      if (inWord) out.push(word)
      word = ''
      inWord = false
    } else {
      word += c
      inWord = true
    }
  }
  if (quote) throw new JarvisError('JARVIS_BAD_OPTION', `${where}: unclosed ${quote} quote in "${line}".`)
  if (inWord) out.push(word)
  if (!out.length) throw new JarvisError('JARVIS_BAD_OPTION', `${where}: an empty command; give the MCP server's command line, e.g. mcp:npx -y @modelcontextprotocol/server-filesystem /data.`)
  return out
}
