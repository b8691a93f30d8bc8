// The text protocol, for models (and servers) without native function calling: the tools are described in the
// system message and a call is a JSON object in the reply, `{"tool": "<name>", "arguments": {...}}` (the form
// ToolCall-15's prompt asks for). Results go back as a user message. Scorers that read calls from the text use
// the same parser, so the agent and the scorer agree on what counts as a call.
import type { ToolCall, ToolSpec } from '../core/messages.ts'

export function textToolInstructions(tools: readonly ToolSpec[]): string {
  const list = tools.map((t) => `- ${t.name}: ${t.description}\n  arguments (JSON Schema): ${JSON.stringify(t.parameters)}`).join('\n')
  return [
    'You can use these tools:',
    list,
    '',
    'To call a tool, reply with a JSON object and nothing after it:',
    '{"tool": "<tool name>", "arguments": {<arguments>}}',
    'You will get the result in the next message. Call one tool at a time. When you know the final answer, reply with the answer and no tool call.',
  ].join('\n')
}

/** The message that hands a text-protocol result back to the model. */
export const textToolResult = (name: string, content: string, isError?: boolean) => `Tool ${name} ${isError ? 'failed' : 'returned'}:\n${content}`

/** Balanced {...} spans of `text`, outermost first, honouring JSON strings (a brace inside quotes is text). */
function jsonObjectSpans(text: string, max = 200): string[] {
  const spans: string[] = []
  for (let start = text.indexOf('{'); start >= 0 && spans.length < max; ) {
    let depth = 0
    let inString = false
    let end = -1
    for (let i = start; i < text.length; i++) {
      const c = text[i]
      if (inString) {
        if (c === '\\') i++
        else if (c === '"') inString = false
      } else if (c === '"') inString = true
      else if (c === '{') depth++
      else if (c === '}' && --depth === 0) {
        end = i
        break
      }
    }
    if (end < 0) break
    spans.push(text.slice(start, end + 1))
    start = text.indexOf('{', end + 1)
  }
  return spans
}

/** One call from the shapes models write: {tool|name|function, arguments|parameters|params|args}. */
function callOf(v: unknown, names: ReadonlySet<string>): { name: string; args: Record<string, unknown> } | null {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null
  const o = v as Record<string, unknown>
  const fn = o.function && typeof o.function === 'object' ? (o.function as Record<string, unknown>) : null
  const name = [o.tool, o.name, fn?.name, typeof o.function === 'string' ? o.function : undefined].find((x) => typeof x === 'string') as string | undefined
  if (!name || !names.has(name)) return null
  let args = o.arguments ?? o.parameters ?? o.params ?? o.args ?? o.input ?? fn?.arguments ?? {}
  if (typeof args === 'string') {
    try {
      args = JSON.parse(args)
    } catch {
      return null
    }
  }
  return args && typeof args === 'object' && !Array.isArray(args) ? { name, args: args as Record<string, unknown> } : null
}

/**
 * The tool calls written in a reply, in order: JSON objects naming an offered tool (also inside ```json fences,
 * and `{"tool_calls": [...]}` lists). Anything else — prose, JSON that names no offered tool — is not a call.
 */
export function parseTextToolCalls(text: string, names: ReadonlySet<string>, idPrefix = 'text'): ToolCall[] {
  const calls: ToolCall[] = []
  for (const span of jsonObjectSpans(text.slice(0, 200_000))) {
    let v: unknown
    try {
      v = JSON.parse(span)
    } catch {
      continue
    }
    const list = v && typeof v === 'object' && Array.isArray((v as { tool_calls?: unknown }).tool_calls) ? ((v as { tool_calls: unknown[] }).tool_calls as unknown[]) : [v]
    for (const item of list) {
      const c = callOf(item, names)
      if (c) calls.push({ id: `${idPrefix}_${calls.length}`, name: c.name, arguments: c.args })
    }
  }
  return calls
}
