// HTTP to the Docker Engine API over node:http (unix socket or tcp), the protocol itself rather than the
// docker CLI: one request helper, engine errors turned into EngineError with the engine's own message.
//
//   new EngineClient(host).ping() → API version        .request(method, path, o) → { status, body }
//   .stream(method, path, o) → IncomingMessage (exec output, pull progress)
import http from 'node:http'
import type { DockerHost } from './docker-host.ts'

export class EngineError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'EngineError'
  }
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>
  /** JSON (serialised) or raw bytes (a tar). */
  body?: unknown
  contentType?: string
  timeoutMs?: number
  signal?: AbortSignal
}

export interface EngineResponse {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
}

/** The oldest Engine API these requests are written for (Docker 20.10). */
export const MIN_API_VERSION = '1.41'
/** The newest we ask for: the engine answers in its own version when it is older. */
export const MAX_API_VERSION = '1.45'

const versionNum = (v: string) => v.split('.').reduce((n, p, i) => n + Number(p) / 1000 ** i, 0)

export function pickApiVersion(server: string): string | null {
  if (!/^\d+\.\d+$/.test(server) || versionNum(server) < versionNum(MIN_API_VERSION)) return null
  return versionNum(server) > versionNum(MAX_API_VERSION) ? MAX_API_VERSION : server
}

function queryString(q: RequestOptions['query']): string {
  const parts = Object.entries(q ?? {}).filter(([, v]) => v !== undefined).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
  return parts.length ? `?${parts.join('&')}` : ''
}

export class EngineClient {
  /** `/v1.41`-style prefix once ping() has agreed on a version. */
  private prefix = ''
  constructor(readonly host: DockerHost) {}

  /** GET /_ping: the engine is up; its API-Version header picks the version of every later request. */
  async ping(timeoutMs = 3000): Promise<string> {
    const res = await this.raw('GET', '/_ping', { timeoutMs })
    if (res.status !== 200) throw new EngineError(res.status, `GET /_ping answered ${res.status}`)
    const server = String(res.headers['api-version'] ?? '')
    const v = pickApiVersion(server)
    if (!v) throw new EngineError(0, `the engine speaks Engine API ${server || '(unknown)'}; ${MIN_API_VERSION} or newer (Docker 20.10+) is needed`)
    this.prefix = `/v${v}`
    return server
  }

  async request(method: string, path: string, o: RequestOptions = {}): Promise<EngineResponse> {
    const res = await this.raw(method, this.prefix + path, o)
    if (res.status >= 400) throw new EngineError(res.status, engineMessage(res.body) || `${method} ${path} answered ${res.status}`)
    return res
  }

  async json<T>(method: string, path: string, o: RequestOptions = {}): Promise<T> {
    const res = await this.request(method, path, o)
    return (res.body.length ? JSON.parse(res.body.toString('utf8')) : {}) as T
  }

  /** A streamed response (the caller reads and ends it); engine errors still throw EngineError. */
  stream(method: string, path: string, o: RequestOptions = {}): Promise<http.IncomingMessage> {
    return new Promise((resolve, reject) => {
      const req = this.open(method, this.prefix + path, o, async (res) => {
        if ((res.statusCode ?? 0) >= 400) {
          const chunks: Buffer[] = []
          for await (const c of res) chunks.push(c as Buffer)
          reject(new EngineError(res.statusCode ?? 0, engineMessage(Buffer.concat(chunks)) || `${method} ${path} answered ${res.statusCode}`))
          return
        }
        resolve(res)
      })
      req.on('error', (e) => reject(connectionError(this.host, e)))
    })
  }

  private raw(method: string, path: string, o: RequestOptions): Promise<EngineResponse> {
    return new Promise((resolve, reject) => {
      const req = this.open(method, path, o, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
        res.on('error', (e) => reject(connectionError(this.host, e)))
      })
      req.on('error', (e) => reject(connectionError(this.host, e)))
    })
  }

  private open(method: string, path: string, o: RequestOptions, onResponse: (res: http.IncomingMessage) => void): http.ClientRequest {
    const body = o.body === undefined ? undefined : Buffer.isBuffer(o.body) || o.body instanceof Uint8Array ? Buffer.from(o.body) : Buffer.from(JSON.stringify(o.body))
    const headers: Record<string, string | number> = { Host: 'docker' }
    if (body) {
      headers['Content-Type'] = o.contentType ?? 'application/json'
      headers['Content-Length'] = body.length
    }
    const target = this.host.kind === 'unix' ? { socketPath: this.host.socketPath } : { host: this.host.host, port: this.host.port }
    // agent: false: exec and attach hijack the connection, so it must never go back to a pool.
    const req = http.request({ ...target, method, path: path + queryString(o.query), headers, agent: false, signal: o.signal }, onResponse)
    if (o.timeoutMs) req.setTimeout(o.timeoutMs, () => req.destroy(Object.assign(new Error(`no answer within ${o.timeoutMs} ms`), { code: 'ETIMEDOUT' })))
    req.end(body)
    return req
  }
}

function engineMessage(body: Buffer): string {
  const text = body.toString('utf8').trim()
  try {
    const m = (JSON.parse(text) as { message?: unknown }).message
    if (typeof m === 'string') return m
  } catch {}
  return text.slice(0, 300)
}

/** ENOENT/ECONNREFUSED/EACCES … said as the engine being unreachable, with the code the OS gave. */
function connectionError(host: DockerHost, e: Error): Error {
  if (e.name === 'AbortError') return e
  const code = (e as NodeJS.ErrnoException).code ?? e.message
  return Object.assign(new EngineError(0, `DOCKER_HOST=${host.text} did not answer (${code})`), { code })
}
