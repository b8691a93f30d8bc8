// Tools for the embedded engine: node-llama-cpp's function calling takes a JSON-Schema subset (GBNF-backed, so
// the model can only write arguments that parse) and keeps calls and results inside the model's turn.
import type { ChatHistoryItem, ChatModelFunctionCall, ChatModelFunctions, GbnfJsonSchema } from 'node-llama-cpp'
import type { ChatMessage, ToolSpec } from '../core/messages.ts'

type Schema = Record<string, unknown>
const PRIMITIVES = ['string', 'number', 'integer', 'boolean', 'null']
const FORMATS = ['date-time', 'time', 'date']

/**
 * A tool's JSON Schema → the subset node-llama-cpp compiles to a grammar. Keywords outside it (patterns,
 * minimum, defaults, titles …) are dropped rather than refused: the grammar then allows a little more than the
 * schema, and the tool still checks its own arguments. `anyOf` becomes `oneOf`; an untyped value a primitive.
 */
export function toGbnfSchema(s: unknown): GbnfJsonSchema {
  if (!s || typeof s !== 'object') return { type: PRIMITIVES as never }
  const x = s as Schema
  const d = typeof x.description === 'string' ? { description: x.description } : {}
  if ('const' in x && ['string', 'number', 'boolean'].includes(typeof x.const)) return { const: x.const as string, ...d }
  if (Array.isArray(x.enum) && x.enum.length) return { enum: x.enum.filter((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v)) as string[], ...d }
  const alts = (x.oneOf ?? x.anyOf) as unknown[] | undefined
  if (Array.isArray(alts) && alts.length) return { oneOf: alts.map(toGbnfSchema), ...d }
  const type = Array.isArray(x.type) ? x.type.filter((t) => PRIMITIVES.includes(t as string)) : x.type
  if (type === 'object' || (type === undefined && x.properties)) {
    const props = (x.properties ?? {}) as Record<string, unknown>
    const required = Array.isArray(x.required) ? (x.required as string[]).filter((k) => k in props) : undefined
    const extra = x.additionalProperties
    return {
      type: 'object',
      properties: Object.fromEntries(Object.entries(props).map(([k, v]) => [k, toGbnfSchema(v)])),
      ...(required ? { required } : {}),
      ...(typeof extra === 'boolean' ? { additionalProperties: extra } : extra && typeof extra === 'object' ? { additionalProperties: toGbnfSchema(extra) } : {}),
      ...d,
    } as GbnfJsonSchema
  }
  if (type === 'array') {
    const n = (k: string) => (typeof x[k] === 'number' ? { [k]: x[k] } : {})
    return { type: 'array', ...(x.items ? { items: toGbnfSchema(x.items) } : {}), ...n('minItems'), ...n('maxItems'), ...d } as GbnfJsonSchema
  }
  if (type === 'string' && typeof x.format === 'string' && FORMATS.includes(x.format)) return { type: 'string', format: x.format as 'date', ...d }
  if (typeof type === 'string' && PRIMITIVES.includes(type)) return { type: type as 'string', ...d }
  if (Array.isArray(type) && type.length) return { type: type as never, ...d }
  return { type: PRIMITIVES as never, ...d }
}

export const toChatFunctions = (tools: readonly ToolSpec[]): ChatModelFunctions =>
  Object.fromEntries(tools.map((t) => [t.name, { description: t.description, params: toGbnfSchema(t.parameters) }]))

/**
 * OpenAI-style messages → node-llama-cpp history, ending with the empty model turn to generate. An assistant
 * turn's tool calls become function-call items of that model turn, each carrying the result of its `tool`
 * message (node-llama-cpp renders call and result in the chat template's own syntax).
 */
export function toChatHistory(messages: readonly ChatMessage[]): ChatHistoryItem[] {
  const results = new Map(messages.filter((m) => m.role === 'tool').map((m) => [m.toolCallId ?? '', m.content]))
  const history: ChatHistoryItem[] = []
  for (const m of messages) {
    if (m.role === 'tool') continue
    if (m.role !== 'assistant') {
      history.push({ type: m.role === 'system' ? 'system' : 'user', text: m.content })
      continue
    }
    const calls: ChatModelFunctionCall[] = (m.toolCalls ?? []).map((c) => ({ type: 'functionCall', name: c.name, params: c.arguments, result: results.get(c.id) ?? '' }))
    history.push({ type: 'model', response: [...(m.content ? [m.content] : []), ...calls] })
  }
  history.push({ type: 'model', response: [] })
  return history
}
