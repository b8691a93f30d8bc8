// The registry of agent tools: `--tools` / `[[benchmarks]] tools` names resolve here. Adding a tool adds a file
// and an entry here. Tools are created once per worker and get the sample's environment with each call.
import { didYouMean, JarvisError } from '../core/errors.ts'
import type { Tool } from '../core/tool.ts'

export type ToolFactory = () => Promise<Tool[]>

const TOOLS: Record<string, ToolFactory> = {
  shell: async () => [(await import('./shell.ts')).createShellTool()],
}

export const toolNames = (): string[] => Object.keys(TOOLS)

/** The tools named by a run, created once; an unknown name is bad input. */
export async function createTools(names: readonly string[]): Promise<Tool[]> {
  const out: Tool[] = []
  for (const name of names) {
    const make = TOOLS[name]
    if (!make) throw new JarvisError('JARVIS_BAD_OPTION', `unknown tool "${name}".${didYouMean(name, toolNames())}${toolNames().length ? ` Tools: ${toolNames().join(', ')}.` : ' No tools are available yet.'}`)
    out.push(...(await make()))
  }
  return out
}
