// Reads an OpenAI chat-completions response as it passes through the metering proxy, without changing a byte:
// an SSE stream (chunk by chunk) or one JSON body. What it keeps: the text, the tool calls, the finish reason,
// the usage the server reported, and when the first token arrived.
import type { ToolCall } from '../../core/messages.ts'

export interface MeteredResponse {
  content: string
  toolCalls: ToolCall[]
  finishReason: string
  /** null when the server reported no usage (a stream without include_usage, or a server that never sends it). */
  promptTokens: number | null
  completionTokens: number | null
  /** performance.now() of the first content or tool-call delta; null for a JSON body (it comes all at once). */
  firstTokenAt: number | null
}

/** A JSON body bigger than this is passed on but not read (no chat answer is this large). */
const MAX_JSON_BYTES = 32 * 1024 * 1024

interface PartialCall {
  id: string
  name: string
  args: string
}

type Json = Record<string, unknown>
const obj = (v: unknown): Json | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null)
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null)

export function toolCallOf(id: string, name: string, args: string): ToolCall {
  try {
    const parsed = JSON.parse(args || '{}')
    if (obj(parsed)) return { id, name, arguments: parsed as Json }
  } catch {}
  return { id, name, arguments: {}, rawArguments: args }
}

export class ResponseMeter {
  private text = ''
  private content = ''
  private finishReason = ''
  private promptTokens: number | null = null
  private completionTokens: number | null = null
  private firstTokenAt: number | null = null
  private readonly calls: PartialCall[] = []
  private json: Buffer[] = []
  private jsonBytes = 0

  constructor(
    private readonly streamed: boolean,
    private readonly now: () => number = () => performance.now(),
  ) {}

  push(chunk: Buffer): void {
    if (!this.streamed) {
      this.jsonBytes += chunk.length
      if (this.jsonBytes <= MAX_JSON_BYTES) this.json.push(chunk)
      return
    }
    this.text += chunk.toString('utf8')
    let nl: number
    while ((nl = this.text.indexOf('\n')) >= 0) {
      const line = this.text.slice(0, nl).replace(/\r$/, '')
      this.text = this.text.slice(nl + 1)
      if (line.startsWith('data:')) this.event(line.slice(5).trim())
    }
  }

  end(): MeteredResponse {
    if (this.streamed && this.text.startsWith('data:')) this.event(this.text.slice(5).trim())
    if (!this.streamed && this.jsonBytes <= MAX_JSON_BYTES) this.body(Buffer.concat(this.json).toString('utf8'))
    this.json = []
    return {
      content: this.content,
      toolCalls: this.calls.map((c, i) => toolCallOf(c.id || `call_${i}`, c.name, c.args)),
      finishReason: this.finishReason,
      promptTokens: this.promptTokens,
      completionTokens: this.completionTokens,
      firstTokenAt: this.firstTokenAt,
    }
  }

  private usage(u: unknown): void {
    const o = obj(u)
    if (!o) return
    this.promptTokens = num(o.prompt_tokens) ?? this.promptTokens
    this.completionTokens = num(o.completion_tokens) ?? this.completionTokens
  }

  private event(data: string): void {
    if (!data || data === '[DONE]') return
    let e: Json | null
    try {
      e = obj(JSON.parse(data))
    } catch {
      return
    }
    if (!e) return
    this.usage(e.usage)
    const choice = obj((e.choices as unknown[] | undefined)?.[0])
    if (!choice) return
    if (typeof choice.finish_reason === 'string' && choice.finish_reason) this.finishReason = choice.finish_reason
    const delta = obj(choice.delta)
    if (!delta) return
    if (typeof delta.content === 'string' && delta.content) {
      this.firstTokenAt ??= this.now()
      this.content += delta.content
    }
    for (const d of Array.isArray(delta.tool_calls) ? delta.tool_calls : []) {
      const t = obj(d)
      if (!t) continue
      this.firstTokenAt ??= this.now()
      const index = typeof t.index === 'number' ? t.index : this.calls.length
      const call = (this.calls[index] ??= { id: '', name: '', args: '' })
      const fn = obj(t.function)
      if (typeof t.id === 'string' && t.id) call.id = t.id
      if (typeof fn?.name === 'string' && fn.name) call.name = fn.name
      if (typeof fn?.arguments === 'string') call.args += fn.arguments
    }
  }

  private body(text: string): void {
    let b: Json | null
    try {
      b = obj(JSON.parse(text))
    } catch {
      return
    }
    if (!b) return
    this.usage(b.usage)
    const choice = obj((b.choices as unknown[] | undefined)?.[0])
    if (!choice) return
    if (typeof choice.finish_reason === 'string') this.finishReason = choice.finish_reason
    const message = obj(choice.message)
    if (typeof message?.content === 'string') this.content = message.content
    for (const c of Array.isArray(message?.tool_calls) ? message!.tool_calls : []) {
      const t = obj(c)
      const fn = obj(t?.function)
      if (!t || !fn) continue
      this.calls.push({ id: typeof t.id === 'string' ? t.id : '', name: String(fn.name ?? ''), args: typeof fn.arguments === 'string' ? fn.arguments : JSON.stringify(fn.arguments ?? {}) })
    }
  }
}
