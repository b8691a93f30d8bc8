// MCP tools: a Model Context Protocol server started over stdio with the official SDK client; each of its tools
// becomes one of ours. The server is the worker's (started once, shared by its samples). It gets only the SDK's
// default environment (HOME, PATH, SHELL, TERM, USER, LOGNAME), never the harness's API keys.
//
// A server that dies mid-call fails that sample (ToolUnavailableError → error line, kind tool_unavailable); the
// next call starts it again, so the run goes on. A call the server answers with an error is a tool result.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js'
import { JarvisError } from '../core/errors.ts'
import { ToolUnavailableError, type Tool, type ToolResult } from '../core/tool.ts'

const CALL_TIMEOUT_MS = 600_000
const STDERR_TAIL = 2000

interface McpToolInfo {
  name: string
  description?: string
  inputSchema: Record<string, unknown>
}

/** One MCP server process and its client; reconnects on the first call after a crash. */
export class McpConnection {
  private client: Client | null = null
  private connecting: Promise<Client> | null = null
  private stderrTail = ''
  private closed = false
  readonly label: string

  constructor(private readonly argv: string[]) {
    this.label = argv.join(' ')
  }

  /** Starts the server and lists its tools. */
  async start(): Promise<McpToolInfo[]> {
    const client = await this.connect()
    const tools: McpToolInfo[] = []
    let cursor: string | undefined
    do {
      const page = await client.listTools(cursor ? { cursor } : undefined)
      tools.push(...(page.tools as McpToolInfo[]))
      cursor = page.nextCursor
    } while (cursor)
    return tools
  }

  private connect(): Promise<Client> {
    if (this.client) return Promise.resolve(this.client)
    return (this.connecting ??= (async () => {
      const transport = new StdioClientTransport({ command: this.argv[0], args: this.argv.slice(1), env: getDefaultEnvironment(), stderr: 'pipe' })
      transport.stderr?.on('data', (d: Buffer) => (this.stderrTail = (this.stderrTail + d.toString('utf8')).slice(-STDERR_TAIL)))
      const client = new Client({ name: 'jarvis-evals', version: '0.1.0' })
      client.onclose = () => {
        if (this.client === client) this.client = null
      }
      try {
        await client.connect(transport)
      } catch (e) {
        await transport.close().catch(() => {})
        throw new ToolUnavailableError(`MCP server "${this.label}" did not start: ${(e as Error).message}${this.tail()}`)
      }
      this.client = client
      return client
    })().finally(() => (this.connecting = null)))
  }

  private tail(): string {
    const t = this.stderrTail.trim().split('\n').slice(-3).join(' | ')
    return t ? ` (its stderr: ${t})` : ''
  }

  async call(name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<ToolResult> {
    if (this.closed) throw new ToolUnavailableError(`MCP server "${this.label}" is closed`)
    const client = await this.connect()
    let r: Awaited<ReturnType<Client['callTool']>>
    try {
      r = await client.callTool({ name, arguments: args }, undefined, { signal, timeout: CALL_TIMEOUT_MS })
    } catch (e) {
      if (signal?.aborted) throw e
      const gone = this.client !== client || (e instanceof McpError && e.code === ErrorCode.ConnectionClosed)
      if (gone) throw new ToolUnavailableError(`MCP server "${this.label}" exited during the ${name} call${this.tail()}`)
      throw e
    }
    const parts = (r.content as { type: string; text?: string; mimeType?: string; resource?: { uri?: string; text?: string } }[] | undefined) ?? []
    const text = parts
      .map((p) => (p.type === 'text' ? (p.text ?? '') : p.type === 'resource' ? (p.resource?.text ?? `[resource ${p.resource?.uri ?? ''}]`) : `[${p.type}${p.mimeType ? ` ${p.mimeType}` : ''}]`))
      .join('\n')
    const structured = !text && r.structuredContent ? JSON.stringify(r.structuredContent) : ''
    return { content: text || structured, ...(r.isError ? { isError: true } : {}) }
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    const c = this.client
    this.client = null
    await c?.close().catch(() => {})
  }
}

/** The tools of one MCP server; `taken` holds names already offered (a clash is bad input, not a silent shadow). */
export async function mcpServerTools(argv: string[], taken: Set<string>): Promise<Tool[]> {
  const conn = new McpConnection(argv)
  let infos: McpToolInfo[]
  try {
    infos = await conn.start()
  } catch (e) {
    await conn.close()
    const why = (e as Error).message
    throw new JarvisError('JARVIS_BAD_OPTION', `${why.startsWith('MCP server') ? why : `MCP server "${conn.label}": ${why}`}. Check the command (it must speak MCP over stdio).`)
  }
  if (infos.length === 0) {
    await conn.close()
    throw new JarvisError('JARVIS_BAD_OPTION', `MCP server "${conn.label}" offers no tools.`)
  }
  const clash = infos.find((t) => taken.has(t.name))
  if (clash) {
    await conn.close()
    throw new JarvisError('JARVIS_BAD_OPTION', `MCP server "${conn.label}": its tool "${clash.name}" has the name of a tool already offered; drop one of them.`)
  }
  let open = infos.length
  return infos.map((t) => {
    taken.add(t.name)
    return {
      spec: { name: t.name, description: t.description ?? '', parameters: t.inputSchema ?? { type: 'object', properties: {} } },
      call: (args, ctx) => conn.call(t.name, args, ctx.signal),
      // The pool closes every tool; the server goes when the last of its tools does.
      close: async () => {
        if (--open === 0) await conn.close()
      },
    }
  })
}
