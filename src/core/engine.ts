import type { ChatMessage, ToolCall, ToolSpec } from './messages.ts'

export interface GenerateParams {
  model: string
  messages: ChatMessage[]
  temperature: number
  maxTokens: number
  seed?: number
  signal?: AbortSignal
  /** Tools offered through the engine's native function-calling API. */
  tools?: ToolSpec[]
}

export interface GenerateResult {
  content: string
  promptTokens: number
  completionTokens: number
  /** Wall time of the call as the engine saw it, retries included. */
  latencySeconds: number
  /** Time to the first non-empty content token; 0 when the engine cannot tell. */
  ttftSeconds: number
  finishReason: string
  costUsd: number
  /** Retries the engine made before this answer (429/5xx/timeouts). */
  retries: number
  /** Served from the response cache (--cache): no model call was made. */
  cached?: boolean
  /** Tool calls of the reply (native function calling), when tools were offered. */
  toolCalls?: ToolCall[]
}

/** An inference engine: a remote server through its real client, or the embedded llama.cpp. */
export interface Engine {
  /** Registry key: openai-compatible, vllm, sglang, llamacpp-server, cloud, ollama, llamacpp, … */
  readonly key: string
  /** Where it runs, for messages: `vllm at http://127.0.0.1:8000/v1`. Never contains a secret. */
  readonly where: string
  /** Fails fast (JarvisError) when the endpoint is down or does not serve `model`. */
  checkModel(model: string, signal?: AbortSignal): Promise<void>
  generate(params: GenerateParams): Promise<GenerateResult>
  close(): Promise<void>
}
