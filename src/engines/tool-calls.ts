// Tool calls as the engines hand them back: arguments parsed once, here, the same way for every transport.
import type { ToolCall, ToolSpec } from '../core/messages.ts'

/**
 * A call from its name and raw arguments. Models send JSON text (OpenAI), an object (Ollama, llama.cpp) or, now
 * and then, broken JSON: then `arguments` is {} and `rawArguments` keeps what was written, so the agent can
 * tell the model its call was malformed instead of running the tool with nothing.
 */
export function toolCallFrom(id: string, name: string, raw: unknown): ToolCall {
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) return { id, name, arguments: raw as Record<string, unknown> }
  const text = typeof raw === 'string' ? raw : raw === undefined || raw === null ? '' : JSON.stringify(raw)
  if (!text.trim()) return { id, name, arguments: {} }
  try {
    const v = JSON.parse(text) as unknown
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) return { id, name, arguments: v as Record<string, unknown> }
  } catch {}
  return { id, name, arguments: {}, rawArguments: text }
}

/** The OpenAI (and vLLM, SGLang, llama.cpp server, Ollama) `tools` request field. */
export const openAITools = (tools: readonly ToolSpec[]) =>
  tools.map((t) => ({ type: 'function' as const, function: { name: t.name, description: t.description, parameters: t.parameters } }))
