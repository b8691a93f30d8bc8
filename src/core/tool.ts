import type { Environment } from './environment.ts'
import type { ToolSpec } from './messages.ts'

export interface ToolContext {
  environment: Environment | null
  signal?: AbortSignal
}

/** What goes back to the model. A tool error is a result too: it never fails the sample by itself. */
export interface ToolResult {
  content: string
  isError?: boolean
}

export interface Tool {
  readonly spec: ToolSpec
  call(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult>
  close?(): Promise<void>
}

/**
 * The tool's machinery failed, not the call (an MCP server died mid-call): the sample ends as an error of kind
 * `tool_unavailable` instead of the model seeing a result. Any other throw becomes a tool error result.
 */
export class ToolUnavailableError extends Error {
  readonly kind = 'tool_unavailable'
  constructor(message: string) {
    super(message)
    this.name = 'ToolUnavailableError'
  }
}

export const isToolUnavailable = (e: unknown): e is ToolUnavailableError => e instanceof Error && e.name === 'ToolUnavailableError'
