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
