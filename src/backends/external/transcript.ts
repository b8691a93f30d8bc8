// The conversation an external agent had with its model, as the metering proxy saw it: the messages of its last
// model call (OpenAI wire shape) plus that call's answer, in our ChatMessage shape.
import type { ChatMessage } from '../../core/messages.ts'
import type { MeteredCall } from './metering-proxy.ts'
import { toolCallOf } from './response-meter.ts'

type Json = Record<string, unknown>

const textOf = (content: unknown): string => {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  return content.map((p) => (p && typeof p === 'object' && typeof (p as Json).text === 'string' ? (p as Json).text : '')).join('')
}

export function fromOpenAiMessage(m: unknown): ChatMessage | null {
  if (!m || typeof m !== 'object') return null
  const o = m as Json
  const role = o.role === 'developer' ? 'system' : o.role
  if (role !== 'system' && role !== 'user' && role !== 'assistant' && role !== 'tool') return null
  const msg: ChatMessage = { role, content: textOf(o.content) }
  if (role === 'assistant' && Array.isArray(o.tool_calls) && o.tool_calls.length) {
    msg.toolCalls = o.tool_calls.map((c, i) => {
      const t = (c ?? {}) as Json
      const fn = (t.function ?? {}) as Json
      return toolCallOf(typeof t.id === 'string' ? t.id : `call_${i}`, String(fn.name ?? ''), typeof fn.arguments === 'string' ? fn.arguments : JSON.stringify(fn.arguments ?? {}))
    })
  }
  if (role === 'tool') {
    if (typeof o.tool_call_id === 'string') msg.toolCallId = o.tool_call_id
    if (typeof o.name === 'string') msg.name = o.name
  }
  return msg
}

/** The last model call's conversation and answer; `fallback` (the benchmark's messages) when the proxy saw none. */
export function agentTranscript(lastMessages: unknown[] | null, calls: MeteredCall[], fallback: ChatMessage[], answer: string): ChatMessage[] {
  const last = [...calls].reverse().find((c) => !c.error)
  if (!lastMessages || !last) return [...fallback, ...(answer ? [{ role: 'assistant' as const, content: answer }] : [])]
  const out = lastMessages.map(fromOpenAiMessage).filter((m): m is ChatMessage => m !== null)
  out.push(last.toolCalls.length ? { role: 'assistant', content: last.content, toolCalls: last.toolCalls } : { role: 'assistant', content: last.content })
  return out
}
