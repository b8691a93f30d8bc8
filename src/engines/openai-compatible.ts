import type OpenAI from 'openai'
import { JarvisError } from '../core/errors.ts'
import type { Engine, GenerateParams, GenerateResult } from '../core/engine.ts'
import type { ChatMessage } from '../core/messages.ts'
import { InferenceError } from '../core/inference-error.ts'
import { ChatStreamError, chatStreamFailure, listModels, streamChat } from './chat-stream.ts'
import { transportFailure, withDeadlines } from './deadline-fetch.ts'
import { nodeFetch } from './node-fetch.ts'
import { estimateCostUsd, type PriceOverrides } from './pricing.ts'
import { usageCount } from './usage-count.ts'
import { redactUrl } from './resolve-engine.ts'
import { retryAfterFromHeaders, statusFailure, withRetries, type AttemptFailure } from './retry.ts'
import { openAITools, toolCallFrom } from './tool-calls.ts'

export interface OpenAICompatibleOptions {
  /** Engine key shown to users: openai-compatible, vllm, sglang, cloud, … */
  key: string
  /** API root ending in /v1 (added when missing). */
  baseUrl: string
  apiKey?: string
  maxRetries: number
  /** Price answers from the cloud pricing table (0 for local servers). */
  priced?: boolean
  /** The suite's [pricing] overrides. */
  prices?: PriceOverrides
  /** Send max_completion_tokens instead of max_tokens (OpenAI's reasoning models require it). */
  maxCompletionTokens?: boolean
}

/** Until a response starts (the openai client's timeout): a long prompt on a busy server may take minutes. */
const REQUEST_TIMEOUT_MS = 600_000

export const apiRoot = (url: string): string => {
  const u = url.replace(/\/+$/, '')
  return u.endsWith('/v1') ? u : `${u}/v1`
}

/** The openai package, loaded only where it is used (JARVIS_FETCH=client|undici): ≈ 40 ms and 150 modules otherwise spent. */
let openai: typeof import('openai') | null = null
const loadOpenAI = async () => (openai ??= await import('openai'))

/**
 * The openai client end to end, for comparison and odd servers: JARVIS_FETCH=client (over node-fetch.ts, as the
 * engine called it before chat-stream.ts) or JARVIS_FETCH=undici (over Node's global fetch).
 */
const useClient = () => process.env.JARVIS_FETCH === 'client' || process.env.JARVIS_FETCH === 'undici'

/**
 * Any OpenAI-compatible server (vLLM, SGLang, llama.cpp's server, LM Studio, OpenAI itself), over HTTP with
 * chat-stream.ts: the requests and error words of the `openai` client, ≈ 1 ms less CPU per completion (with
 * JARVIS_FETCH=client, the client itself). Always streams with include_usage, so TTFT and token counts are
 * measured, not 0. Retries are ours so cut streams and timeouts are retried too and retries are counted.
 */
export class OpenAICompatibleEngine implements Engine {
  readonly key: string
  readonly where: string
  protected readonly opts: OpenAICompatibleOptions
  private readonly root: string
  private readonly chatUrl: URL
  private readonly apiKey: string
  private clientP: Promise<OpenAI> | null = null

  constructor(opts: OpenAICompatibleOptions) {
    this.opts = opts
    this.key = opts.key
    this.root = apiRoot(opts.baseUrl)
    this.where = `${opts.key} at ${redactUrl(this.root)}`
    this.chatUrl = new URL(`${this.root}/chat/completions`)
    this.apiKey = opts.apiKey || 'not-needed'
  }

  private client(): Promise<OpenAI> {
    return (this.clientP ??= loadOpenAI().then(({ default: OpenAIClient }) => new OpenAIClient({ baseURL: this.root, apiKey: this.apiKey, maxRetries: 0, timeout: REQUEST_TIMEOUT_MS,
      // Idle and total deadlines over the whole response, body included (the client's timeout ends at the headers).
      fetch: withDeadlines(process.env.JARVIS_FETCH === 'undici' ? globalThis.fetch : nodeFetch) })))
  }

  async checkModel(model: string, signal?: AbortSignal): Promise<void> {
    let ids: string[]
    try {
      ids = useClient() ? (await (await this.client()).models.list({ signal, timeout: 15_000 })).data.map((m) => m.id) : await listModels(this.root, this.apiKey, { signal, timeoutMs: 15_000 })
    } catch (e) {
      const status = (e as { status?: unknown }).status
      const httpStatus = (e instanceof ChatStreamError || (openai && e instanceof openai.APIError)) && typeof status === 'number' && status ? status : null
      if (httpStatus === 401 || httpStatus === 403)
        throw new JarvisError('JARVIS_ENDPOINT_UNREACHABLE', `${this.where} refused the API key (HTTP ${httpStatus}). Pass --api-key or set JARVIS_BACKEND_API_KEY / OPENAI_API_KEY.`)
      const why = httpStatus ? `HTTP ${httpStatus}` : 'no answer'
      throw new JarvisError('JARVIS_ENDPOINT_UNREACHABLE', `${this.where} is not reachable (${why} on GET /v1/models). Start the server or fix --base-url / the engine host.`)
    }
    if (!ids.includes(model)) {
      const shown = ids.slice(0, 8).join(', ') + (ids.length > 8 ? ', …' : '')
      throw new JarvisError('JARVIS_MODEL_NOT_SERVED', `${this.where} does not serve "${model}" (it has ${shown || 'no models'}). Fix -m/[[models]].name or load the model on the server.`)
    }
  }

  async generate(p: GenerateParams): Promise<GenerateResult> {
    const t0 = performance.now()
    const { value, retries } = await withRetries(() => this.streamOnce(p, t0), {
      maxRetries: this.opts.maxRetries,
      signal: p.signal,
      classify: (e) => this.withoutKey(classifyOpenAIError(e)),
    })
    return { ...value, retries, latencySeconds: (performance.now() - t0) / 1000 }
  }

  /** A server may echo the refused key in its error text; it never leaves the engine. */
  private withoutKey(f: AttemptFailure): AttemptFailure {
    const key = this.opts.apiKey
    return key && key.length >= 4 ? { ...f, message: f.message.split(key).join('[REDACTED]') } : f
  }

  protected requestBody(p: GenerateParams): OpenAI.Chat.ChatCompletionCreateParamsStreaming {
    return {
      model: p.model,
      messages: p.messages.map(toOpenAIMessage),
      temperature: p.temperature,
      ...(this.opts.maxCompletionTokens ? { max_completion_tokens: p.maxTokens } : { max_tokens: p.maxTokens }),
      ...(p.seed !== undefined ? { seed: p.seed } : {}),
      ...(p.tools?.length ? { tools: openAITools(p.tools) } : {}),
      stream: true,
      stream_options: { include_usage: true },
    }
  }

  private async streamOnce(p: GenerateParams, t0: number): Promise<Omit<GenerateResult, 'retries' | 'latencySeconds'>> {
    let content = ''
    let ttft = 0
    let finishReason = ''
    let usage: OpenAI.CompletionUsage | null | undefined
    // Streamed tool calls arrive as deltas keyed by index: id and name once, the arguments JSON in pieces.
    const calls: { id: string; name: string; args: string }[] = []
    const onChunk = (chunk: OpenAI.Chat.ChatCompletionChunk) => {
      const choice = chunk.choices?.[0]
      const delta = choice?.delta?.content
      if (delta) {
        if (ttft === 0) ttft = (performance.now() - t0) / 1000
        content += delta
      }
      for (const d of choice?.delta?.tool_calls ?? []) {
        // A tool call is the model's first output when it answers with one: it counts for TTFT too.
        if (ttft === 0) ttft = (performance.now() - t0) / 1000
        const c = (calls[d.index ?? calls.length] ??= { id: '', name: '', args: '' })
        if (d.id) c.id = d.id
        if (d.function?.name) c.name += d.function.name
        if (d.function?.arguments) c.args += d.function.arguments
      }
      if (choice?.finish_reason) finishReason = choice.finish_reason
      if (chunk.usage) usage = chunk.usage
    }
    if (useClient()) {
      for await (const chunk of await (await this.client()).chat.completions.create(this.requestBody(p), { signal: p.signal })) onChunk(chunk)
    } else {
      await streamChat({ url: this.chatUrl, apiKey: this.apiKey, body: JSON.stringify(this.requestBody(p)), signal: p.signal, timeoutMs: REQUEST_TIMEOUT_MS }, onChunk as unknown as (d: Record<string, unknown>) => void)
    }
    // A stream that ends without a finish_reason was cut (a proxy closing early): retry, never keep half an answer.
    if (!finishReason) throw new Error('stream ended without a finish_reason')
    const promptTokens = usageCount(usage?.prompt_tokens)
    const completionTokens = usageCount(usage?.completion_tokens)
    return {
      content,
      promptTokens,
      completionTokens,
      ttftSeconds: ttft,
      finishReason: finishReason || 'stop',
      costUsd: this.opts.priced ? estimateCostUsd(p.model, promptTokens, completionTokens, this.opts.prices) : 0,
      ...(calls.length ? { toolCalls: calls.filter(Boolean).map((c, i) => toolCallFrom(c.id || `call_${i}`, c.name, c.args)) } : {}),
    }
  }

  async close(): Promise<void> {}
}

export function classifyOpenAIError(err: unknown): AttemptFailure {
  const transport = transportFailure(err)
  if (transport) return transport
  if (err instanceof ChatStreamError) return chatStreamFailure(err)
  if (err instanceof InferenceError) return { kind: err.kind, status: err.status, message: err.message, retryable: false, retryAfterMs: null }
  // Only the client (JARVIS_FETCH=client|undici) throws its own errors, and then it is loaded.
  const OpenAI = openai?.default
  if (!OpenAI) return streamCut(err)
  if (err instanceof OpenAI.APIConnectionTimeoutError)
    return { kind: 'timeout', status: null, message: 'request timed out', retryable: true, retryAfterMs: null }
  if (err instanceof OpenAI.APIUserAbortError) return { kind: 'aborted', status: null, message: 'request aborted', retryable: false, retryAfterMs: null }
  if (err instanceof OpenAI.APIConnectionError)
    return { kind: 'connection', status: null, message: `connection error: ${causeText(err)}`, retryable: true, retryAfterMs: null }
  if (err instanceof OpenAI.APIError && typeof err.status === 'number') {
    const msg = `HTTP ${err.status}: ${firstLine(err.message).replace(new RegExp(`^${err.status}\\s*`), '')}`
    return statusFailure(err.status, msg, retryAfterFromHeaders((n) => err.headers?.get(n)))
  }
  return streamCut(err)
}

/** A stream cut mid-way surfaces as a plain error from the iterator ("terminated", ECONNRESET, …). */
function streamCut(err: unknown): AttemptFailure {
  const msg = err instanceof Error ? err.message : String(err)
  return { kind: 'stream_cut', status: null, message: `stream interrupted: ${firstLine(msg)}`, retryable: true, retryAfterMs: null }
}

const firstLine = (s: string) => s.split('\n')[0].slice(0, 300)
const causeText = (e: Error) => firstLine(String((e as { cause?: unknown }).cause ?? e.message))

/** Our messages → the API's; plain turns stay exactly `{ role, content }`. */
export function toOpenAIMessage(m: ChatMessage): OpenAI.Chat.ChatCompletionMessageParam {
  if (m.role === 'tool') return { role: 'tool', tool_call_id: m.toolCallId ?? '', content: m.content }
  if (m.role === 'assistant' && m.toolCalls?.length)
    return {
      role: 'assistant',
      // null, not "", beside tool calls: some servers' chat templates render an empty string as a text turn.
      content: m.content || null,
      tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: c.rawArguments ?? JSON.stringify(c.arguments) } })),
    }
  return { role: m.role, content: m.content }
}
