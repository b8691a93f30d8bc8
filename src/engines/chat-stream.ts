// POST a streaming chat completion and hand each server-sent event's JSON to a callback, as it arrives.
//
// The hot path of every OpenAI-compatible sample. The openai client costs ≈ 1 ms of CPU per streamed request
// (request options, headers, logging, web streams, four async generators per event) and ≈ 40 ms to load: on a
// CPU-bound machine that is a third of the harness's throughput. Here: node:http on the keep-alive agents of
// node-fetch.ts and a synchronous SSE parse of the body's text. A failure is a ChatStreamError carrying what the
// client's error would (status, body, headers, cause), and chatStreamFailure words it exactly as
// classifyOpenAIError words the client's; checkModel still uses the client.
import http from 'node:http'
import https from 'node:https'
import { HttpStatusError, RequestTimeoutError, requestLimits, type RequestLimits } from './deadline-fetch.ts'
import { agentFor } from './node-fetch.ts'
import { retryAfterFromHeaders, statusFailure, type AttemptFailure } from './retry.ts'

type Failure = 'status' | 'connection' | 'timeout' | 'aborted' | 'stream'

/** Why a streamed completion failed; `message` is what the openai client's error would say. */
export class ChatStreamError extends Error {
  constructor(
    readonly failure: Failure,
    message: string,
    readonly status: number | null = null,
    readonly headers: http.IncomingHttpHeaders = {},
    readonly cause?: unknown,
  ) {
    super(message)
    this.name = 'ChatStreamError'
  }
}

const firstLine = (s: string) => s.split('\n')[0].slice(0, 300)

/** The retry policy's view of a ChatStreamError: the kinds and words classifyOpenAIError gives the client's errors. */
export function chatStreamFailure(e: ChatStreamError): AttemptFailure {
  switch (e.failure) {
    case 'timeout':
      return { kind: 'timeout', status: null, message: 'request timed out', retryable: true, retryAfterMs: null }
    case 'aborted':
      return { kind: 'aborted', status: null, message: 'request aborted', retryable: false, retryAfterMs: null }
    case 'connection':
      return { kind: 'connection', status: null, message: `connection error: ${firstLine(String(e.cause ?? e.message))}`, retryable: true, retryAfterMs: null }
    case 'status': {
      const status = e.status!
      const h = e.headers
      const get = (n: string) => (Array.isArray(h[n]) ? (h[n] as string[]).join(', ') : (h[n] as string | undefined))
      return statusFailure(status, `HTTP ${status}: ${firstLine(e.message).replace(new RegExp(`^${status}\\s*`), '')}`, retryAfterFromHeaders(get))
    }
    case 'stream':
      return { kind: 'stream_cut', status: null, message: `stream interrupted: ${firstLine(e.message)}`, retryable: true, retryAfterMs: null }
  }
}

/** The openai client's APIError.makeMessage: the body's error.message, else the JSON, else the text. */
function apiErrorMessage(status: number | undefined, error: unknown, text: string | undefined): string {
  const m = (error as { message?: unknown } | undefined)?.message
  const msg = m ? (typeof m === 'string' ? m : JSON.stringify(m)) : error ? JSON.stringify(error) : text
  if (status && msg) return `${status} ${msg}`
  if (status) return `${status} status code (no body)`
  return msg || '(no status code or body)'
}

export interface ChatStreamRequest {
  /** The full endpoint: `<api root>/chat/completions`. */
  url: URL
  apiKey: string
  body: string
  signal?: AbortSignal
  /** Until the response headers arrive (the openai client's `timeout`). */
  timeoutMs: number
  /** Idle and total deadlines over the whole response, body included (deadline-fetch.ts's, for the same errors). */
  limits?: RequestLimits
}

const USER_AGENT = 'jarvis-evals (OpenAI-compatible)'

/** Resolves when the stream ends ([DONE] or end of body); rejects with the openai client's error for a failure. */
export function streamChat(r: ChatStreamRequest, onEvent: (data: Record<string, unknown>) => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const signal = r.signal
    if (signal?.aborted) return reject(aborted())
    let settled = false
    const fail = (e: unknown) => {
      if (settled) return
      settled = true
      cleanup()
      reject(e)
    }
    const onAbort = () => {
      fail(aborted())
      req.destroy()
    }
    const timer = setTimeout(() => {
      fail(new ChatStreamError('timeout', 'Request timed out.'))
      req.destroy()
    }, r.timeoutMs)
    // A server that stalls after the headers, streams forever or trickles a byte a second must not hold the run.
    const limits = r.limits ?? requestLimits()
    const trip = (message: string) => {
      fail(new RequestTimeoutError(message))
      req.destroy()
    }
    const total = setTimeout(() => trip(`request timed out: no complete answer within ${limits.totalMs / 1000} s (JARVIS_REQUEST_TIMEOUT_S)`), limits.totalMs)
    const idle = setTimeout(() => trip(`request timed out: no data for ${limits.idleMs / 1000} s (JARVIS_REQUEST_IDLE_TIMEOUT_S)`), limits.idleMs)
    const cleanup = () => {
      clearTimeout(timer)
      clearTimeout(total)
      clearTimeout(idle)
      signal?.removeEventListener('abort', onAbort)
    }
    const mod = r.url.protocol === 'https:' ? https : http
    const req = mod.request(
      r.url,
      {
        method: 'POST',
        agent: agentFor(r.url.protocol),
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${r.apiKey}`, 'user-agent': USER_AGENT, 'content-length': Buffer.byteLength(r.body) },
      },
      (res) => {
        clearTimeout(timer)
        idle.refresh()
        res.setEncoding('utf8')
        const status = res.statusCode ?? 0
        if (status < 200 || status > 599) {
          fail(new HttpStatusError(status))
          req.destroy()
          return
        }
        if (status < 200 || status >= 300) {
          let text = ''
          res.on('data', (d: string) => (text += d))
          res.on('end', () => fail(statusError(status, text, res.headers)))
          res.on('error', (e) => fail(statusError(status, text, res.headers, e)))
          return
        }
        const sse = new SseParser((data) => {
          if (data && data.error) throw new ChatStreamError('stream', apiErrorMessage(undefined, data.error, undefined), null, res.headers)
          onEvent(data)
        })
        res.on('data', (d: string) => {
          if (settled) return
          idle.refresh()
          try {
            sse.push(d)
          } catch (e) {
            fail(e)
            req.destroy()
          }
        })
        res.on('end', () => {
          if (settled) return
          settled = true
          cleanup()
          resolve()
        })
        // A connection cut mid-body: a plain error, as the client's stream iterator throws (kind stream_cut).
        res.on('error', (e) => fail(signal?.aborted ? aborted() : new ChatStreamError('stream', e.message, null, {}, e)))
        res.on('aborted', () => fail(signal?.aborted ? aborted() : new ChatStreamError('stream', 'terminated')))
      },
    )
    req.on('error', (e) => fail(signal?.aborted ? aborted() : new ChatStreamError('connection', 'Connection error.', null, {}, e)))
    signal?.addEventListener('abort', onAbort, { once: true })
    req.end(r.body)
  })
}

const aborted = () => new ChatStreamError('aborted', 'Request was aborted.')

/** GET `<api root>/models`: the served model ids. Rejects with a ChatStreamError (status, connection, timeout). */
export function listModels(root: string, apiKey: string, o: { signal?: AbortSignal; timeoutMs: number }): Promise<string[]> {
  const url = new URL(`${root}/models`)
  return new Promise<string[]>((resolve, reject) => {
    if (o.signal?.aborted) return reject(aborted())
    const mod = url.protocol === 'https:' ? https : http
    const req = mod.get(url, { agent: agentFor(url.protocol), headers: { accept: 'application/json', authorization: `Bearer ${apiKey}`, 'user-agent': USER_AGENT }, signal: o.signal }, (res) => {
      clearTimeout(timer)
      res.setEncoding('utf8')
      let text = ''
      res.on('data', (d: string) => (text += d))
      res.on('error', (e) => reject(new ChatStreamError('connection', 'Connection error.', null, {}, e)))
      res.on('end', () => {
        const status = res.statusCode ?? 0
        if (status < 200 || status >= 300) return reject(statusError(status, text, res.headers))
        try {
          const data = (JSON.parse(text) as { data?: { id?: unknown }[] }).data
          resolve(Array.isArray(data) ? data.map((m) => String(m?.id)) : [])
        } catch (e) {
          reject(new ChatStreamError('stream', `GET /models: ${(e as Error).message}`))
        }
      })
    })
    const timer = setTimeout(() => {
      reject(new ChatStreamError('timeout', 'Request timed out.'))
      req.destroy()
    }, o.timeoutMs)
    req.on('error', (e) => (clearTimeout(timer), reject(o.signal?.aborted ? aborted() : new ChatStreamError('connection', 'Connection error.', null, {}, e))))
  })
}

/** A non-2xx answer, as the openai client reads it (makeRequest): the body as JSON, else as text. */
function statusError(status: number, text: string, headers: http.IncomingHttpHeaders, cause?: Error): ChatStreamError {
  if (cause && !text) return new ChatStreamError('connection', 'Connection error.', null, {}, cause)
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {}
  const message = apiErrorMessage(status, (json as { error?: unknown } | undefined)?.error, json ? undefined : text)
  return new ChatStreamError('status', message, status, headers)
}

/**
 * Server-sent events (the WHATWG rules the client follows): lines end in \n, \r\n or \r; `data:` lines of one
 * event are joined by \n; a blank line dispatches it; `[DONE]` ends the stream; comments and other fields are
 * ignored, as are events of `thread.*` kinds (the Assistants API, never sent for chat completions).
 */
export class SseParser {
  private buf = ''
  private data: string[] = []
  private event: string | null = null
  private done = false
  constructor(private readonly onData: (data: Record<string, unknown>) => void) {}

  push(text: string): void {
    if (this.done) return
    let buf = this.buf + text
    let start = 0
    for (;;) {
      const nl = nextLineEnd(buf, start)
      if (nl < 0) break
      let next = nl + 1
      if (buf.charCodeAt(nl) === 13) {
        // \r\n is one line end; a \r at the very end of this piece may be followed by \n in the next one.
        if (nl + 1 === buf.length) break
        if (buf.charCodeAt(nl + 1) === 10) next = nl + 2
      }
      this.line(buf.slice(start, nl))
      start = next
      if (this.done) return
    }
    this.buf = start === 0 ? buf : buf.slice(start)
  }

  private line(line: string): void {
    if (line === '') return this.dispatch()
    if (line.charCodeAt(0) === 58) return // ':' comment
    const colon = line.indexOf(':')
    const field = colon < 0 ? line : line.slice(0, colon)
    let value = colon < 0 ? '' : line.slice(colon + 1)
    if (value.charCodeAt(0) === 32) value = value.slice(1)
    if (field === 'data') this.data.push(value)
    else if (field === 'event') this.event = value
  }

  private dispatch(): void {
    const event = this.event
    const lines = this.data
    this.event = null
    this.data = []
    if (!lines.length) return
    const data = lines.length === 1 ? lines[0] : lines.join('\n')
    if (data.startsWith('[DONE]')) {
      this.done = true
      return
    }
    if (event !== null && event.startsWith('thread.')) return
    this.onData(JSON.parse(data) as Record<string, unknown>)
  }
}

function nextLineEnd(s: string, from: number): number {
  const n = s.indexOf('\n', from)
  const r = s.indexOf('\r', from)
  if (r < 0) return n
  if (n < 0) return r
  return r < n ? r : n
}
