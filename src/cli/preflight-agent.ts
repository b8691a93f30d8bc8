// Preflight for agent runs, before any model call: the benchmark's needs (an agent backend, its default
// tools' providers) and every MCP server started once, its tools listed, and stopped again.
import { findBackend } from '../backends/index.ts'
import type { ResolvedRun } from '../config/resolved-run.ts'
import type { BenchmarkDefinition } from '../core/benchmark.ts'
import { JarvisError } from '../core/errors.ts'
import { agentToolNames } from '../harness/agent-sample.ts'
import { createTools, findTool, unknownToolMessage } from '../tools/index.ts'

export function checkAgentNeeds(r: ResolvedRun, def: BenchmarkDefinition): void {
  const backend = findBackend(r.backend)
  if (def.requiresAgent && !backend?.tools)
    throw new JarvisError('JARVIS_BAD_OPTION', `${r.benchmark} ${def.requiresAgentReason ?? 'is scored on its tool calls'} and needs an agent backend; add --backend jarvis-agent (or backend = "jarvis-agent" in [[benchmarks]]).`)
  for (const name of agentToolNames(def, r)) {
    const tool = findTool(name)
    if (!tool) throw new JarvisError('JARVIS_BAD_OPTION', unknownToolMessage(name, `${r.benchmark}'s default tools`))
    const problem = tool.problem?.(process.env)
    if (problem) throw new JarvisError('JARVIS_BAD_OPTION', `${r.benchmark} offers ${name} by default: ${problem} Or name other tools with --tools.`)
  }
}

/** Starts each MCP server once and lists its tools: a bad command is exit 2 here, not an error on every sample. */
export async function checkMcpServers(runs: ResolvedRun[], log: (line: string) => void): Promise<void> {
  const seen = new Set<string>()
  for (const r of runs) {
    for (const argv of r.mcpServers) {
      const key = JSON.stringify(argv)
      if (seen.has(key)) continue
      seen.add(key)
      const tools = await createTools([], [argv])
      log(`mcp ${argv.join(' ')}: ${tools.length} tool(s): ${tools.map((t) => t.spec.name).join(', ')}`)
      await Promise.allSettled(tools.map((t) => t.close?.()))
    }
  }
}
