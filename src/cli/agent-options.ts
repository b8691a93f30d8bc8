// The agent flags of `jarvis eval run` (their table: run-spec.ts) → run overrides: --backend, --agent, --tools,
// --max-turns, --token-budget, --agentic, --concurrency, --episode-mode / --no-episode-mode.
import { JarvisError } from '../core/errors.ts'
import type { RunOverrides } from '../config/expand.ts'

const posInt = (flag: string, v: string | undefined): number | undefined => {
  if (v === undefined) return undefined
  const n = Number(v)
  if (!Number.isInteger(n) || n <= 0) throw new JarvisError('JARVIS_BAD_OPTION', `--${flag} ${JSON.stringify(v)}: expected a positive integer.`)
  return n
}

/** `--tools a,b,mcp:cmd args`: comma-separated; an MCP command cannot hold a comma (use mcp_servers for that). */
export function splitToolsFlag(v: string): string[] {
  const items = v.split(',').map((x) => x.trim()).filter(Boolean)
  if (!items.length) throw new JarvisError('JARVIS_BAD_OPTION', '--tools "": name at least one tool (e.g. --tools calculator,file_read).')
  return items
}

/** The overrides these flags set (only the ones given). */
export function agentOverrides(values: Record<string, string | boolean | undefined>): Partial<RunOverrides> {
  const s = (k: string) => values[k] as string | undefined
  const b = (k: string) => values[k] as boolean | undefined
  const out: Partial<RunOverrides> = {
    backend: s('backend'),
    agent: s('agent'),
    tools: s('tools') !== undefined ? splitToolsFlag(s('tools')!) : undefined,
    maxTurns: posInt('max-turns', s('max-turns')),
    tokenBudget: posInt('token-budget', s('token-budget')),
    concurrency: posInt('concurrency', s('concurrency')),
    agentic: b('agentic'),
    episodeMode: b('episode-mode'),
  }
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined))
}
