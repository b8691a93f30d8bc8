// Small node:http helpers shared by the OpenAI and Ollama routes: JSON bodies, JSON answers, API errors.
import type { IncomingMessage, ServerResponse } from 'node:http'

/** An error answered with an HTTP status; the routes render it in their API's error shape. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** OpenAI's `error.code` (model_not_found, …). */
    readonly code: string | null = null,
    /** OpenAI's `error.param`: the request field at fault. */
    readonly param: string | null = null,
  ) {
    super(message)
    this.name = 'HttpError'
  }
  /** OpenAI's `error.type`: invalid_request_error for 4xx, server_error for 5xx. */
  get type(): string {
    return this.status >= 500 ? 'server_error' : 'invalid_request_error'
  }
}

const MAX_BODY_BYTES = 16 * 1024 * 1024

export async function readJsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY_BYTES) throw new HttpError(413, `Request body is larger than ${MAX_BODY_BYTES / 2 ** 20} MiB.`)
    chunks.push(chunk as Buffer)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    // V8's parse messages change between Node versions, so they stay out of the answer.
    throw new HttpError(400, 'We could not parse the JSON body of your request. Send a JSON object with model and messages.')
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'The request body must be a JSON object.')
  return body as Record<string, unknown>
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
  res.end(text)
}

export const openAiErrorBody = (e: HttpError) => ({ error: { message: e.message, type: e.type, param: e.param, code: e.code } })

/** Turns whatever a route threw into an HttpError: a JarvisError is the caller's fault (400), the rest ours (500). */
export function toHttpError(e: unknown): HttpError {
  if (e instanceof HttpError) return e
  const err = e as { name?: string; message?: string }
  if (err?.name === 'JarvisError') return new HttpError(400, String(err.message))
  return new HttpError(500, `Generation failed: ${err?.message ?? String(e)}`)
}

/** Aborted when the client goes away before the answer is complete, so the engine stops decoding for nobody. */
export function abortOnClientGone(res: ServerResponse): AbortSignal {
  const ac = new AbortController()
  res.on('close', () => {
    if (!res.writableFinished) ac.abort(new Error('client closed the connection'))
  })
  return ac.signal
}
