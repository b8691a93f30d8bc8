// The agent settings of one (benchmark, overrides) pair, merged and checked: backend, agent, tools, MCP servers,
// episode mode. Bad input is one line naming the flag or the TOML entry, before any model call.
// Registry look-ups: which backends take agents and tools, and which tools exist, is the registries' to say.
import { findBackend } from '../backends/index.ts'
import { splitCommandLine } from '../core/command-line.ts'
import { didYouMean, JarvisError } from '../core/errors.ts'
import { findTool, unknownToolMessage } from '../tools/index.ts'
import type { RunOverrides } from './expand.ts'
import { EXTERNAL_BACKENDS } from './external.ts'
import type { ResolvedRun } from './resolved-run.ts'
import type { BenchmarkConfig } from './schema.ts'

export type AgentSettings = Pick<ResolvedRun, 'backend' | 'agent' | 'tools' | 'mcpServers' | 'episodeMode'>

const bad = (message: string) => new JarvisError('JARVIS_BAD_OPTION', message)

export function agentSettings(b: BenchmarkConfig, o: RunOverrides, w: { source: string; index: number }): AgentSettings {
  const place = `${w.source} [[benchmarks]] #${w.index + 1}`
  let backend = o.backend ?? b.backend
  if (o.agentic) {
    if (o.backend && !findBackend(o.backend)?.tools && !EXTERNAL_BACKENDS.has(o.backend)) throw bad(`--agentic runs an agent, but --backend ${o.backend} makes one model call per sample; drop one of them.`)
    // The spec's agentic runner is agent-level inference: the one-call default becomes the agent backend.
    if (!o.backend && backend === 'jarvis-direct') backend = 'jarvis-agent'
  }
  const entry = findBackend(backend)
  // --tools says everything that is offered: its mcp: entries replace the suite's mcp_servers too.
  const toolsWhere = o.tools ? '--tools' : `${place} tools`
  const given = o.tools ?? b.tools
  const names = given.filter((t) => !t.startsWith('mcp:'))
  const mcpServers = [
    ...(o.tools ? [] : b.mcp_servers.map((m, i) => (typeof m === 'string' ? splitCommandLine(m, `${place} mcp_servers[${i}]`) : m))),
    ...given.filter((t) => t.startsWith('mcp:')).map((t) => splitCommandLine(t.slice(4), toolsWhere)),
  ]
  if ((names.length || mcpServers.length) && !entry?.tools) {
    const what = names.length ? toolsWhere : o.tools ? '--tools' : `${place} mcp_servers`
    // OpenClaw and Hermes bring their own tools (OPENCLAW_TOOLS picks OpenClaw's); ours are jarvis-agent's.
    if (EXTERNAL_BACKENDS.has(backend)) throw bad(`${what}: backend "${backend}" offers its own tools, not jarvis-evals' (see docs/external-agents.md); drop them, or use --backend jarvis-agent.`)
    throw bad(`${what}: tools need an agent backend, and backend "${backend}" makes one model call. Add --backend jarvis-agent (or backend = "jarvis-agent" in [[benchmarks]]).`)
  }
  for (const name of names) {
    const tool = findTool(name)
    if (!tool) throw bad(unknownToolMessage(name, toolsWhere))
    const problem = tool.problem?.(process.env)
    if (problem) throw bad(`${toolsWhere}: ${problem}`)
  }
  const agent = o.agent ?? b.agent ?? null
  const agentWhere = o.agent !== undefined ? '--agent' : `${place} agent`
  if (agent !== null) {
    const agents = entry?.agents
    if (!agents) throw bad(`${agentWhere}: backend "${backend}" takes no agent. Use --backend jarvis-agent to run agent "${agent}".`)
    if (!agents.includes(agent)) throw bad(`${agentWhere}: unknown agent "${agent}".${didYouMean(agent, agents)} Agents: ${agents.join(', ')}.`)
  }
  return { backend, agent, tools: [...new Set(names)], mcpServers, episodeMode: o.episodeMode ?? b.episode_mode ?? null }
}
