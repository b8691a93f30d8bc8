// The metering proxy: an external agent (OpenClaw, Hermes) calls its model through this local server, which
// forwards every request unchanged to the run's real endpoint and records each model call (tokens, latency, TTFT,
// cost, tool calls). Each sample gets a session: its own URL path and bearer token, so concurrent samples are
// told apart, and the agent never holds the real API key (the proxy adds it on the way out).
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import type { ToolCall } from '../../core/messages.ts'
import { redactSecrets } from '../../core/redact.ts'
import { apiRoot } from '../../engines/openai-compatible.ts'
import { redactUrl } from '../../engines/resolve-engine.ts'
import { ResponseMeter } from './response-meter.ts'

/** One request the agent made for a model answer (POST …/chat/completions). */
export interface MeteredCall {
  status: number
  model: string
  streamed: boolean
  /** Request start → last byte of the answer, seconds. */
  latencySeconds: number
  /** Request start → first content or tool-call token of a stream; 0 when not streamed (cannot tell). */
  ttftSeconds: number
  promptTokens: number
  completionTokens: number
  /** The server reported usage for this call (else the tokens are 0 and the agent's own count is used). */
  usageReported: boolean
  costUsd: number
  finishReason: string
  content: string
  toolCalls: ToolCall[]
  /** Why the call failed (HTTP status and message, or the connection error); null for a 2xx answer. */
  error: string | null
  errorKind: string | null
}

export interface ProxySession {
  /** What the agent is configured with: `http://127.0.0.1:PORT/s/<id>/v1`. */
  readonly baseUrl: string
  /** The bearer token the agent must send (its "API key"); worthless outside this proxy. */
  readonly token: string
  readonly calls: MeteredCall[]
  /** The messages of the last answered model call (the conversation as the model last saw it). */
  lastMessages: unknown[] | null
  close(): void
}

export interface MeteringProxy {
  readonly url: string
  /** The real endpoint, for messages (credentials and query cut). */
  readonly upstreamShown: string
  session(): ProxySession
  close(): Promise<void>
}

export interface ProxyOptions {
  /** The run's OpenAI-compatible endpoint (`/v1` added when missing). */
  upstream: string
  apiKey: string | null
  /** USD for a call (the cloud pricing table, or 0 for local servers). */
  price: (model: string, promptTokens: number, completionTokens: number) => number
}

const MAX_REQUEST_BYTES = 64 * 1024 * 1024
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host', 'authorization', 'content-length', 'accept-encoding'])

const sameSecret = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

function forwardHeaders(h: IncomingHttpHeaders, apiKey: string | null, length: number): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {}
  for (const [k, v] of Object.entries(h)) if (v !== undefined && !HOP_BY_HOP.has(k)) out[k] = v
  // The answer is read on its way back, so it must not be compressed.
  out['accept-encoding'] = 'identity'
  out['content-length'] = length
  if (apiKey) out.authorization = `Bearer ${apiKey}`
  return out
}

function openAiError(res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) return void res.destroy()
  const body = JSON.stringify({ error: { message, type: status >= 500 ? 'server_error' : 'invalid_request_error', param: null, code: null } })
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
  res.end(body)
}

async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const c of req) {
    size += (c as Buffer).length
    if (size > MAX_REQUEST_BYTES) return null
    chunks.push(c as Buffer)
  }
  return Buffer.concat(chunks)
}

const parseJson = (b: Buffer): Record<string, unknown> | null => {
  try {
    const v = JSON.parse(b.toString('utf8'))
    return v && typeof v === 'object' && !Array.isArray(v) ? v : null
  } catch {
    return null
  }
}

export async function startMeteringProxy(o: ProxyOptions): Promise<MeteringProxy> {
  const root = new URL(apiRoot(o.upstream))
  const client = root.protocol === 'https:' ? https : http
  const secrets = (s: string) => {
    const t = redactSecrets(s)
    return o.apiKey && o.apiKey.length >= 4 ? t.split(o.apiKey).join('[REDACTED]') : t
  }
  const sessions = new Map<string, ProxySession>()
  let url = ''

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const m = /^\/s\/([0-9a-f-]{36})(\/v1(?:\/.*)?)$/.exec((req.url ?? '/').split('?')[0])
    const session = m ? sessions.get(m[1]) : undefined
    if (!m || !session) return openAiError(res, 404, 'unknown metering-proxy session')
    const auth = String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, '')
    if (!sameSecret(auth, session.token)) return openAiError(res, 401, 'invalid API key for this metering-proxy session')
    const body = await readBody(req)
    if (body === null) return openAiError(res, 413, `request body over ${MAX_REQUEST_BYTES / 2 ** 20} MiB`)
    const query = (req.url ?? '').includes('?') ? (req.url ?? '').slice((req.url ?? '').indexOf('?')) : ''
    const target = new URL(`${root.pathname.replace(/\/v1$/, '')}${m[2]}${query}`, root)
    const isChat = req.method === 'POST' && /\/chat\/completions$/.test(m[2])
    const json = isChat ? parseJson(body) : null
    const streamed = json?.stream === true
    const model = typeof json?.model === 'string' ? json.model : ''
    const t0 = performance.now()
    const meter = new ResponseMeter(streamed)
    let recorded = false
    const record = (status: number, error: string | null, errorKind: string | null) => {
      // A connection that breaks mid-answer reports on both the request and the response: one record.
      if (!isChat || recorded) return
      recorded = true
      const r = meter.end()
      const promptTokens = r.promptTokens ?? 0
      const completionTokens = r.completionTokens ?? 0
      session.calls.push({
        status, model, streamed,
        latencySeconds: (performance.now() - t0) / 1000,
        ttftSeconds: r.firstTokenAt === null ? 0 : (r.firstTokenAt - t0) / 1000,
        promptTokens, completionTokens,
        usageReported: r.promptTokens !== null || r.completionTokens !== null,
        costUsd: error ? 0 : o.price(model, promptTokens, completionTokens),
        finishReason: r.finishReason, content: r.content, toolCalls: r.toolCalls,
        error, errorKind,
      })
      if (!error && Array.isArray(json?.messages)) session.lastMessages = json.messages as unknown[]
    }
    const up = client.request(target, { method: req.method, headers: forwardHeaders(req.headers, o.apiKey, body.length) }, (ur) => {
      const status = ur.statusCode ?? 502
      const headers = Object.fromEntries(Object.entries(ur.headers).filter(([k]) => !HOP_BY_HOP.has(k) || k === 'content-length'))
      res.writeHead(status, headers)
      let errorText = ''
      ur.on('data', (c: Buffer) => {
        if (status < 400) meter.push(c)
        else if (errorText.length < 2000) errorText += c.toString('utf8')
        res.write(c)
      })
      ur.on('end', () => {
        res.end()
        const message = status >= 400 ? secrets(`HTTP ${status}: ${errorMessage(errorText)}`) : null
        record(status, message, status >= 400 ? `http_${status}` : null)
      })
      ur.on('error', (e) => {
        record(status, secrets(`answer cut: ${e.message}`), 'stream_cut')
        res.destroy()
      })
    })
    up.on('error', (e: NodeJS.ErrnoException) => {
      const why = `upstream ${redactUrl(root.toString())} unreachable (${e.code ?? e.message})`
      record(502, secrets(why), 'connection')
      openAiError(res, 502, `jarvis metering proxy: ${secrets(why)}`)
    })
    res.on('close', () => {
      if (!res.writableFinished) up.destroy()
    })
    up.end(body)
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((e) => openAiError(res, 500, `jarvis metering proxy: ${secrets((e as Error).message)}`))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    upstreamShown: redactUrl(root.toString()),
    session() {
      const id = randomUUID()
      const s: ProxySession = {
        baseUrl: `${url}/s/${id}/v1`,
        token: `jarvis-proxy-${randomBytes(24).toString('hex')}`,
        calls: [],
        lastMessages: null,
        close: () => void sessions.delete(id),
      }
      sessions.set(id, s)
      return s
    },
    close: () =>
      new Promise<void>((resolve) => {
        sessions.clear()
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** The message of an OpenAI-shaped error body, else its first line. */
function errorMessage(text: string): string {
  const j = parseJson(Buffer.from(text))
  const e = j?.error
  const msg = typeof e === 'string' ? e : typeof (e as { message?: unknown })?.message === 'string' ? (e as { message: string }).message : text
  return msg.split('\n')[0].slice(0, 300) || '(no body)'
}
