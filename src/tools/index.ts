// The registry of agent tools: `--tools` / `[[benchmarks]] tools` names resolve here, and `mcp:<command>`
// entries / `mcp_servers` start MCP servers whose tools join them. Adding a tool adds a file and an entry here.
// Tools are created once per worker (ToolPool) and get the sample's environment with each call.
import { didYouMean, JarvisError } from '../core/errors.ts'
import type { Tool } from '../core/tool.ts'
import { CHROMIUM_INSTALL, findChromium } from '../requirements/chromium.ts'
import { searchProviderProblem, type SearchProvider } from './search-provider.ts'

interface MakeContext {
  /** One search provider for web_search and web_fetch. */
  provider(): Promise<SearchProvider>
}

export interface ToolEntry {
  description: string
  create(ctx: MakeContext): Promise<Tool>
  /** Why the tool cannot run on this machine (checked before any model call), or null. */
  problem?(env: NodeJS.ProcessEnv): string | null
}

const TOOLS: Record<string, ToolEntry> = {
  calculator: { description: 'math expressions (mathjs, no code execution)', create: async () => (await import('./calculator.ts')).calculatorTool() },
  file_read: { description: "read a file of the sample's environment", create: async () => (await import('./file-tools.ts')).fileReadTool() },
  file_write: { description: 'write a file in the work dir', create: async () => (await import('./file-tools.ts')).fileWriteTool() },
  ls: { description: 'list the work dir', create: async () => (await import('./file-tools.ts')).lsTool() },
  code_interpreter: { description: 'run Python in the sandbox', create: async () => (await import('./code-interpreter.ts')).codeInterpreterTool() },
  web_search: {
    description: 'search (JARVIS_SEARXNG_URL or JARVIS_SEARCH_CORPUS)',
    create: async (ctx) => (await import('./web-tools.ts')).webSearchTool(await ctx.provider()),
    problem: searchProviderProblem,
  },
  web_fetch: {
    description: 'fetch a page (same provider as web_search)',
    create: async (ctx) => (await import('./web-tools.ts')).webFetchTool(await ctx.provider()),
    problem: searchProviderProblem,
  },
  think: { description: 'a scratchpad for reasoning', create: async () => (await import('./think.ts')).thinkTool() },
  shell: { description: "a command in the sample's container", create: async () => (await import('./shell.ts')).createShellTool() },
  // The sample's browser environment (webchorearena): a headless Chromium page.
  browser_navigate: { description: "open a URL in the sample's browser", create: async () => (await import('./browser.ts')).browserNavigateTool(), problem: (env) => browserProblemSync(env) },
  browser_click: { description: 'click a numbered element of the page', create: async () => (await import('./browser.ts')).browserClickTool(), problem: (env) => browserProblemSync(env) },
  browser_type: { description: 'type into a numbered text box', create: async () => (await import('./browser.ts')).browserTypeTool(), problem: (env) => browserProblemSync(env) },
  browser_read: { description: 'read the current page', create: async () => (await import('./browser.ts')).browserReadTool(), problem: (env) => browserProblemSync(env) },
}

/** The browser tools need a Chromium (checked without loading playwright). */
function browserProblemSync(env: NodeJS.ProcessEnv): string | null {
  const found = findChromium(env)
  return found.path === null ? `the browser tools need Chromium: none at ${found.looked}. ${CHROMIUM_INSTALL}` : null
}

export const toolNames = (): string[] => Object.keys(TOOLS)
export const findTool = (name: string): ToolEntry | undefined => TOOLS[name]

/** The one line for an unknown tool name (bad input, exit 2). */
export function unknownToolMessage(name: string, where: string): string {
  return `${where}: unknown tool "${name}".${didYouMean(name, toolNames())} Tools: ${toolNames().join(', ')}, or mcp:<command> for an MCP server.`
}

/** The tools named by a run plus those of its MCP servers, created once; an unknown name is bad input. */
export async function createTools(names: readonly string[], mcpServers: readonly string[][] = []): Promise<Tool[]> {
  let provider: Promise<SearchProvider> | null = null
  const ctx: MakeContext = { provider: () => (provider ??= import('./search-provider.ts').then((m) => m.createSearchProvider())) }
  const out: Tool[] = []
  try {
    for (const name of new Set(names)) {
      const entry = TOOLS[name]
      if (!entry) throw new JarvisError('JARVIS_BAD_OPTION', unknownToolMessage(name, '--tools'))
      out.push(await entry.create(ctx))
    }
    if (mcpServers.length) {
      const { mcpServerTools } = await import('./mcp.ts')
      const taken = new Set(out.map((t) => t.spec.name))
      for (const argv of mcpServers) out.push(...(await mcpServerTools(argv, taken)))
    }
  } catch (e) {
    await Promise.allSettled(out.map((t) => t.close?.()))
    throw e
  }
  return out
}
