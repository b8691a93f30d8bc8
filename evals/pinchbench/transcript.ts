// The attempt as PinchBench's grade() functions read it: OpenClaw's session JSONL events,
// {type: "message", message: {role: user|assistant|toolResult, content: [{type: "text", text} |
// {type: "toolCall", name, arguments, params}]}}. Tool names are mapped as OpenJarvis maps them (file_read →
// read_file, file_write → write_file: the names the tasks' checks look for); a read's path is also given as
// `files: [path]`, the parameter those checks read. Both `arguments` (OpenClaw) and `params` (what the checks use).
import type { ChatMessage } from '../../src/core/messages.ts'

export type TranscriptEvent = { type: 'message'; message: { role: 'user' | 'assistant' | 'toolResult'; content: Record<string, unknown>[] } }

const NAME: Record<string, string> = { file_read: 'read_file', file_write: 'write_file' }

function params(name: string, args: Record<string, unknown>): Record<string, unknown> {
  if (name === 'file_read' && typeof args.path === 'string') return { ...args, files: [args.path] }
  return args
}

export function toPinchTranscript(messages: ChatMessage[]): TranscriptEvent[] {
  const out: TranscriptEvent[] = []
  for (const m of messages) {
    if (m.role === 'user') out.push({ type: 'message', message: { role: 'user', content: [{ type: 'text', text: m.content }] } })
    else if (m.role === 'assistant') {
      const content: Record<string, unknown>[] = m.content ? [{ type: 'text', text: m.content }] : []
      for (const c of m.toolCalls ?? []) {
        const p = params(c.name, c.arguments)
        content.push({ type: 'toolCall', id: c.id, name: NAME[c.name] ?? c.name, arguments: p, params: p })
      }
      if (content.length) out.push({ type: 'message', message: { role: 'assistant', content } })
    } else if (m.role === 'tool') out.push({ type: 'message', message: { role: 'toolResult', content: [{ type: 'text', text: m.content }] } })
  }
  return out
}

/**
 * The judge's view, as upstream's _summarize_transcript: `Tool: name({args})`, `Result: <first 200 chars>`,
 * `User: <text>` — plus the assistant's text (OpenJarvis added it: a task answered in prose is otherwise invisible).
 */
export function summarizeTranscript(events: TranscriptEvent[]): string {
  const parts: string[] = []
  for (const e of events) {
    const { role, content } = e.message
    if (role === 'assistant')
      for (const item of content) {
        if (item.type === 'toolCall') parts.push(`Tool: ${item.name}(${JSON.stringify(item.arguments ?? {})})`)
        else if (item.type === 'text' && item.text) parts.push(`Assistant: ${item.text}`)
      }
    else if (role === 'toolResult' && content.length) parts.push(`Result: ${String(content[0].text ?? '').slice(0, 200)}`)
    else if (role === 'user' && content.length) parts.push(`User: ${String(content[0].text ?? '')}`)
  }
  return parts.join('\n')
}
