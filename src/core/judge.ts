import type { ChatMessage, ToolCall, ToolSpec } from './messages.ts'

export interface JudgeReply {
  text: string
  promptTokens: number
  completionTokens: number
  costUsd: number
  /** Calls the model made when it was offered tools (a simulated user acting on their device). */
  toolCalls?: ToolCall[]
}

/**
 * The LLM judge handed to scorers; scorers count their own calls in `scoring_metadata.judge_usage`. The same
 * handle serves a benchmark's simulated user ([user_simulator]), which may offer it tools.
 */
export interface Judge {
  readonly model: string
  /** False when no judge can be reached (no key, engine down); scorers then return null verdicts. */
  readonly available: boolean
  readonly unavailableReason: string | null
  complete(messages: ChatMessage[], opts?: { maxTokens?: number; temperature?: number; signal?: AbortSignal; tools?: ToolSpec[]; seed?: number }): Promise<JudgeReply>
}
