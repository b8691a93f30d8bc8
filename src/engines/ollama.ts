import { Ollama, type Message as OllamaMessage } from 'ollama'
import { JarvisError } from '../core/errors.ts'
import { eitherSignal } from '../core/deadline.ts'
import type { Engine, GenerateParams, GenerateResult } from '../core/engine.ts'
import { transportFailure, withDeadlines } from './deadline-fetch.ts'
import type { ChatMessage, ToolCall } from '../core/messages.ts'
import { redactUrl } from './resolve-engine.ts'
import { usageCount } from './usage-count.ts'
import { statusFailure, withRetries, type AttemptFailure } from './retry.ts'
import { openAITools, toolCallFrom } from './tool-calls.ts'

/** Ollama through the real `ollama` client (native /api/chat; its durations are nanoseconds). */
export class OllamaEngine implements Engine {
  readonly key = 'ollama'
  readonly where: string
  private readonly client: Ollama
  private readonly host: string
  private readonly maxRetries: number
  private readonly numCtx: number | undefined

  constructor(opts: { host: string; maxRetries: number; numCtx?: number }) {
    this.where = `ollama at ${redactUrl(opts.host)}`
    this.host = opts.host
    this.client = new Ollama({ host: opts.host, fetch: withDeadlines(fetch) })
    this.maxRetries = opts.maxRetries
    this.numCtx = opts.numCtx
  }

  async checkModel(model: string): Promise<void> {
    let names: string[]
    try {
      names = (await this.client.list()).models.map((m) => m.name)
    } catch {
      throw new JarvisError('JARVIS_ENDPOINT_UNREACHABLE', `${this.where} is not reachable (GET /api/tags failed). Start ollama (ollama serve) or set OLLAMA_HOST.`)
    }
    const ok = names.includes(model) || (!model.includes(':') && names.includes(`${model}:latest`))
    if (!ok) {
      const shown = names.slice(0, 8).join(', ') || 'no models'
      throw new JarvisError('JARVIS_MODEL_NOT_SERVED', `${this.where} does not serve "${model}" (it has ${shown}). Run ollama pull ${model} or fix [[models]].name.`)
    }
  }

  async generate(p: GenerateParams): Promise<GenerateResult> {
    const t0 = performance.now()
    const { value, retries } = await withRetries(() => this.once(p, t0), { maxRetries: this.maxRetries, signal: p.signal, classify: classifyOllamaError })
    return { ...value, retries, latencySeconds: (performance.now() - t0) / 1000 }
  }

  private async once(p: GenerateParams, t0: number): Promise<Omit<GenerateResult, 'retries' | 'latencySeconds'>> {
    // The client connects the abort only once headers arrive; a per-call fetch carries the signal from the start,
    // so a timeout also cancels a request the server never answers.
    const signal = p.signal
    const timed = withDeadlines(fetch) // idle and total deadlines over the whole response, body included
    const client = signal ? new Ollama({ host: this.host, fetch: (url, init) => timed(url, { ...init, signal: init?.signal ? eitherSignal(init.signal, signal) : signal }) }) : this.client
    const stream = await client.chat({
      model: p.model,
      messages: p.messages.map(toOllamaMessage),
      ...(p.tools?.length ? { tools: openAITools(p.tools) } : {}),
      stream: true,
      options: { temperature: p.temperature, num_predict: p.maxTokens, ...(p.seed !== undefined ? { seed: p.seed } : {}), ...(this.numCtx ? { num_ctx: this.numCtx } : {}) },
    })
    const onAbort = () => stream.abort()
    p.signal?.addEventListener('abort', onAbort, { once: true })
    let content = ''
    let ttft = 0
    let promptTokens = 0
    let completionTokens = 0
    let finishReason = 'stop'
    const calls: ToolCall[] = []
    // Ollama's calls carry no id: number them after the calls already in the conversation, so ids are unique
    // within a sample and the same on a rerun (the response cache keys on the conversation).
    const before = p.messages.reduce((n, m) => n + (m.toolCalls?.length ?? 0), 0)
    try {
      for await (const part of stream) {
        const delta = part.message?.content
        if (delta) {
          if (ttft === 0) ttft = (performance.now() - t0) / 1000
          content += delta
        }
        for (const c of part.message?.tool_calls ?? []) {
          if (ttft === 0) ttft = (performance.now() - t0) / 1000
          calls.push(toolCallFrom(`call_${before + calls.length}`, c.function.name, c.function.arguments))
        }
        if (part.done) {
          // Older servers omit prompt_eval_count for cached prompts: treat missing as unknown (0).
          promptTokens = usageCount(part.prompt_eval_count)
          completionTokens = usageCount(part.eval_count)
          finishReason = part.done_reason === 'length' ? 'length' : 'stop'
        }
      }
    } finally {
      p.signal?.removeEventListener('abort', onAbort)
    }
    if (calls.length && finishReason === 'stop') finishReason = 'tool_calls'
    return { content, promptTokens, completionTokens, ttftSeconds: ttft, finishReason, costUsd: 0, ...(calls.length ? { toolCalls: calls } : {}) }
  }

  async close(): Promise<void> {}
}

/** Our messages → Ollama's: tool calls with object arguments, tool results named by their tool. */
export function toOllamaMessage(m: ChatMessage): OllamaMessage {
  if (m.role === 'tool') return { role: 'tool', content: m.content, ...(m.name ? { tool_name: m.name } : {}) }
  if (m.role === 'assistant' && m.toolCalls?.length) return { role: 'assistant', content: m.content, tool_calls: m.toolCalls.map((c) => ({ function: { name: c.name, arguments: c.arguments } })) }
  return { role: m.role, content: m.content }
}

function classifyOllamaError(err: unknown): AttemptFailure {
  const transport = transportFailure(err)
  if (transport) return transport
  const e = err as { name?: string; status_code?: number; message?: string }
  if (e?.name === 'AbortError') return { kind: 'aborted', status: null, message: 'request aborted', retryable: false, retryAfterMs: null }
  if (typeof e?.status_code === 'number') return statusFailure(e.status_code, `HTTP ${e.status_code}: ${String(e.message).split('\n')[0]}`, null)
  return { kind: 'connection', status: null, message: `ollama request failed: ${String(e?.message ?? err).split('\n')[0]}`, retryable: true, retryAfterMs: null }
}
