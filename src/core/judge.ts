import type { ChatMessage } from './messages.ts'

export interface JudgeReply {
  text: string
  promptTokens: number
  completionTokens: number
  costUsd: number
}

/** The LLM judge handed to scorers; scorers count their own calls in `scoring_metadata.judge_usage`. */
export interface Judge {
  readonly model: string
  /** False when no judge can be reached (no key, engine down); scorers then return null verdicts. */
  readonly available: boolean
  readonly unavailableReason: string | null
  complete(messages: ChatMessage[], opts?: { maxTokens?: number; temperature?: number; signal?: AbortSignal }): Promise<JudgeReply>
}
