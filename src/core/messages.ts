// Conversation contracts shared by engines, backends, tools, the judge and scorers.

/** One tool call the model asked for. `arguments` is the parsed JSON object ({} when the model sent bad JSON). */
export interface ToolCall {
  id: string
  name: string
  arguments: Record<string, unknown>
  /** The arguments exactly as the model wrote them, when they were not a JSON object. */
  rawArguments?: string
}

/** A tool offered to the model, in the engines' native function-calling shape (a JSON Schema for its arguments). */
export interface ToolSpec {
  name: string
  description: string
  parameters: Record<string, unknown>
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool'
  content: string
  /** Assistant turns that call tools. */
  toolCalls?: ToolCall[]
  /** Tool results: the call they answer. */
  toolCallId?: string
  /** Tool results: the tool's name. */
  name?: string
}
