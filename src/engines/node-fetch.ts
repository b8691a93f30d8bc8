import http from 'node:http'
import https from 'node:https'
import { Readable } from 'node:stream'
import { HttpStatusError } from './deadline-fetch.ts'

// A `fetch` for the openai client on node:http with keep-alive agents. Node 20's global fetch (undici) spends
// about twice the CPU per request; on a CPU-bound machine that is throughput the harness would lose.
const agents = { 'http:': new http.Agent({ keepAlive: true, maxSockets: 256 }), 'https:': new https.Agent({ keepAlive: true, maxSockets: 256 }) }
/** The keep-alive agent for a protocol (chat-stream.ts shares them: one pool of connections per worker). */
export const agentFor = (protocol: string): http.Agent => agents[protocol === 'https:' ? 'https:' : 'http:']

export const nodeFetch = ((input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
  const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url)
  const mod = url.protocol === 'https:' ? https : http
  const headers: Record<string, string> = {}
  new Headers(init.headers).forEach((v, k) => (headers[k] = v))
  return new Promise<Response>((resolve, reject) => {
    const req = mod.request(url, { method: init.method ?? 'GET', headers, agent: agents[url.protocol as 'http:' | 'https:'] }, (res) => {
      const h = new Headers()
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(', ') : v)
      const status = res.statusCode ?? 0
      // Response takes 200–599 only; anything else would throw here, inside the socket's callback, and the
      // request would never settle. It is the server's error: say so.
      if (!(status >= 200 && status <= 599)) {
        res.destroy()
        return reject(new HttpStatusError(status))
      }
      const body = status === 204 || status === 304 || init.method === 'HEAD' ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>)
      resolve(new Response(body, { status, statusText: res.statusMessage, headers: h }))
    })
    const signal = init.signal
    if (signal) {
      if (signal.aborted) return req.destroy(abortError(signal)), reject(abortError(signal))
      signal.addEventListener('abort', () => req.destroy(abortError(signal)), { once: true })
    }
    req.on('error', reject)
    const b = init.body
    if (b === undefined || b === null) req.end()
    else if (typeof b === 'string' || b instanceof Uint8Array) req.end(b)
    else reject(new TypeError('nodeFetch: unsupported body type'))
  })
}) as typeof fetch

function abortError(signal: AbortSignal): Error {
  const e = new Error(signal.reason instanceof Error ? signal.reason.message : 'This operation was aborted')
  e.name = 'AbortError'
  return e
}
