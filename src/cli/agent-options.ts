// The agent flags of `jarvis eval run`, kept apart from the parser so another parser can reuse the mapping:
// --backend, --agent, --tools, --max-turns, --token-budget, --agentic, --concurrency, --episode-mode.
import { JarvisError } from '../core/errors.ts'
import type { RunOverrides } from '../config/expand.ts'

export const AGENT_OPTIONS = {
  agent: { type: 'string' },
  tools: { type: 'string' },
  'max-turns': { type: 'string' },
  'token-budget': { type: 'string' },
  agentic: { type: 'boolean' },
  'episode-mode': { type: 'boolean' },
  concurrency: { type: 'string' },
} as const

export const AGENT_USAGE = `      --backend KEY        jarvis-direct (default, one call) or jarvis-agent (tool-calling agent)
      --agent NAME         orchestrator (default), simple, react   (jarvis-agent)
      --tools LIST         calculator,file_read,file_write,ls,code_interpreter,web_search,web_fetch,think,
                           mcp:<command …> (an MCP server over stdio)
      --max-turns N        model turns per sample (default 10)   --token-budget N  completion tokens per sample
      --agentic            agent-level run (jarvis-agent), one sample at a time unless --concurrency N
      --concurrency N      samples in flight per benchmark (default: from --max-workers)
      --episode-mode       samples of an episode in order, earlier successes as examples (auto for episodic benchmarks)`

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
