// POST a streaming chat completion and hand each server-sent event's JSON to a callback, as it arrives.
//
// The hot path of every OpenAI-compatible sample. The openai client costs ≈ 1 ms of CPU per streamed request
// (request options, headers, logging, web streams, four async generators per event): on a CPU-bound machine
// that is a third of the harness's throughput. Here: node:http on the keep-alive agents of node-fetch.ts, and a
// synchronous SSE parse of the body's text. Failures are the openai client's own error classes, built as it
// builds them, so classifyOpenAIError and every message stay the same; checkModel still uses the client.
import http from 'node:http'
import https from 'node:https'
import OpenAI from 'openai'
import { agentFor } from './node-fetch.ts'

export interface ChatStreamRequest {
  /** The full endpoint: `<api root>/chat/completions`. */
  url: URL
  apiKey: string
  body: string
  signal?: AbortSignal
  /** Until the response headers arrive (the openai client's `timeout`). */
  timeoutMs: number
}

const USER_AGENT = 'jarvis-evals (OpenAI-compatible)'

/** Resolves when the stream ends ([DONE] or end of body); rejects with the openai client's error for a failure. */
export function streamChat(r: ChatStreamRequest, onEvent: (data: Record<string, unknown>) => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const signal = r.signal
    if (signal?.aborted) return reject(new OpenAI.APIUserAbortError())
    let settled = false
    const fail = (e: unknown) => {
      if (settled) return
      settled = true
      cleanup()
      reject(e)
    }
    const onAbort = () => {
      fail(new OpenAI.APIUserAbortError())
      req.destroy()
    }
    const timer = setTimeout(() => {
      fail(new OpenAI.APIConnectionTimeoutError())
      req.destroy()
    }, r.timeoutMs)
    const cleanup = () => {
      clearTimeout(timer)
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
        res.setEncoding('utf8')
        const status = res.statusCode ?? 0
        if (status < 200 || status >= 300) {
          let text = ''
          res.on('data', (d: string) => (text += d))
          res.on('end', () => fail(statusError(status, text, res.headers)))
          res.on('error', (e) => fail(statusError(status, text, res.headers, e)))
          return
        }
        const sse = new SseParser((data) => {
          if (data && data.error) throw new OpenAI.APIError(undefined, data.error as object, undefined, toHeaders(res.headers))
          onEvent(data)
        })
        res.on('data', (d: string) => {
          if (settled) return
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
        res.on('error', (e) => fail(signal?.aborted ? new OpenAI.APIUserAbortError() : e))
        res.on('aborted', () => fail(signal?.aborted ? new OpenAI.APIUserAbortError() : new Error('terminated')))
      },
    )
    req.on('error', (e) => fail(signal?.aborted ? new OpenAI.APIUserAbortError() : new OpenAI.APIConnectionError({ cause: e })))
    signal?.addEventListener('abort', onAbort, { once: true })
    req.end(r.body)
  })
}

/** What the openai client throws for a non-2xx answer (makeRequest: the body as JSON, else as text). */
function statusError(status: number, text: string, headers: http.IncomingHttpHeaders, cause?: Error): Error {
  if (cause && !text) return new OpenAI.APIConnectionError({ cause })
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {}
  return OpenAI.APIError.generate(status, json as object | undefined, json === undefined ? text : undefined, toHeaders(headers))
}

function toHeaders(h: http.IncomingHttpHeaders): Headers {
  const out = new Headers()
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : v)
  return out
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
