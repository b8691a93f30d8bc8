// Every model request ends: a `fetch` wrapper with an idle and a total deadline that cover the whole
// response, body included. The openai client's own timeout stops once the headers arrive, so a server that
// stalls after the headers, streams forever or trickles a byte a second would otherwise hold a sample (and
// the run) forever, with no line written.
//
//   withDeadlines(fetch, limits?): typeof fetch
//   requestLimits(env?): { idleMs, totalMs }       JARVIS_REQUEST_IDLE_TIMEOUT_S (300), JARVIS_REQUEST_TIMEOUT_S (1800)
//   transportFailure(err): AttemptFailure | null   what the engines' classifiers make of these errors
//
// Idle: no byte for idleMs (before the headers or between chunks). Total: the response is not complete within
// totalMs. The defaults are generous (a CPU server may think for minutes before the first token); a run's
// --query-timeout still cuts a sample shorter.
import { statusFailure, type AttemptFailure } from './retry.ts'

export class RequestTimeoutError extends Error {
  override readonly name = 'RequestTimeoutError'
}

/** The server answered with a status no HTTP client can take (outside 200–599 for a final answer). */
export class HttpStatusError extends Error {
  override readonly name = 'HttpStatusError'
  constructor(readonly status: number) {
    super(`HTTP ${status}: not a valid status for an answer (a broken server or proxy)`)
  }
}

export interface RequestLimits {
  idleMs: number
  totalMs: number
}

const seconds = (v: string | undefined, fallback: number): number => {
  const n = Number(v)
  return v !== undefined && v.trim() !== '' && Number.isFinite(n) && n > 0 ? n : fallback
}

export function requestLimits(env: NodeJS.ProcessEnv = process.env): RequestLimits {
  return { idleMs: seconds(env.JARVIS_REQUEST_IDLE_TIMEOUT_S, 300) * 1000, totalMs: seconds(env.JARVIS_REQUEST_TIMEOUT_S, 1800) * 1000 }
}

export function withDeadlines(inner: typeof fetch, limits: RequestLimits = requestLimits()): typeof fetch {
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const ac = new AbortController()
    const outer = init.signal ?? undefined
    const onOuterAbort = () => ac.abort(outer?.reason)
    if (outer?.aborted) onOuterAbort()
    outer?.addEventListener('abort', onOuterAbort, { once: true })
    let tripped: RequestTimeoutError | null = null
    let fail: (e: Error) => void = () => {}
    let idle: NodeJS.Timeout | undefined
    const trip = (message: string) => {
      tripped = new RequestTimeoutError(message)
      fail(tripped)
      ac.abort(tripped)
    }
    const total = setTimeout(() => trip(`request timed out: no complete answer within ${limits.totalMs / 1000} s (JARVIS_REQUEST_TIMEOUT_S)`), limits.totalMs)
    const poke = () => {
      clearTimeout(idle)
      idle = setTimeout(() => trip(`request timed out: no data for ${limits.idleMs / 1000} s (JARVIS_REQUEST_IDLE_TIMEOUT_S)`), limits.idleMs)
    }
    const finish = () => {
      clearTimeout(total)
      clearTimeout(idle)
      outer?.removeEventListener('abort', onOuterAbort)
    }
    poke()
    let res: Response
    try {
      res = await Promise.race([inner(input, { ...init, signal: ac.signal }), new Promise<never>((_, reject) => (fail = reject))])
    } catch (e) {
      finish()
      throw tripped ?? e
    }
    if (!res.body) {
      finish()
      return res
    }
    poke()
    const reader = res.body.getReader()
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        fail = (e) => {
          controller.error(e)
          reader.cancel(e).catch(() => {})
        }
      },
      async pull(controller) {
        try {
          const { done, value } = await reader.read()
          if (tripped) return
          if (done) {
            finish()
            controller.close()
            return
          }
          poke()
          controller.enqueue(value)
        } catch (e) {
          finish()
          if (!tripped) controller.error(e)
        }
      },
      cancel(reason) {
        finish()
        return reader.cancel(reason)
      },
    })
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers })
  }) as typeof fetch
}

/** Our transport errors, thrown directly (body phase) or wrapped by a client as `cause` (before the headers). */
export function transportFailure(err: unknown): AttemptFailure | null {
  for (let e = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof RequestTimeoutError) return { kind: 'timeout', status: null, message: e.message, retryable: true, retryAfterMs: null }
    if (e instanceof HttpStatusError) return statusFailure(e.status, e.message, null)
  }
  return null
}
