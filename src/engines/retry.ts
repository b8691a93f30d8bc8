import { InferenceError, isRetryableStatus, kindForStatus, type InferenceErrorKind } from '../core/inference-error.ts'

export interface AttemptFailure {
  kind: InferenceErrorKind
  status: number | null
  message: string
  retryable: boolean
  /** Server's wish from retry-after-ms / retry-after, in ms. */
  retryAfterMs: number | null
}

export interface RetryOptions {
  maxRetries: number
  signal?: AbortSignal
  /** First backoff step; doubles per retry, capped at 8 s, with up to 25 % jitter (the openai client's policy). */
  baseDelayMs?: number
  classify(err: unknown): AttemptFailure
}

const baseDelayFromEnv = (): number => {
  const v = Number(process.env.JARVIS_RETRY_BASE_MS)
  return Number.isFinite(v) && v >= 0 ? v : 500
}

/**
 * Runs `attempt` until it succeeds, a non-retryable failure occurs, the signal aborts or the budget is spent.
 * Resolves with the value and how many retries it took; throws InferenceError otherwise.
 */
export async function withRetries<T>(attempt: (n: number) => Promise<T>, o: RetryOptions): Promise<{ value: T; retries: number }> {
  for (let n = 0; ; n++) {
    try {
      return { value: await attempt(n), retries: n }
    } catch (err) {
      if (o.signal?.aborted) throw new InferenceError('aborted', abortMessage(o.signal), { retries: n })
      const f = o.classify(err)
      if (!f.retryable || n >= o.maxRetries) {
        const suffix = n > 0 ? ` (after ${n} ${n === 1 ? 'retry' : 'retries'})` : ''
        throw new InferenceError(f.kind, `${f.message}${suffix}`, { status: f.status, retries: n })
      }
      // The env is read on a failure only: process.env costs a lookup through C++ on every read.
      const base = o.baseDelayMs ?? baseDelayFromEnv()
      const backoff = Math.min(base * 2 ** n, 8000) * (1 - Math.random() * 0.25)
      const wait = f.retryAfterMs !== null && f.retryAfterMs >= 0 && f.retryAfterMs <= 60_000 ? f.retryAfterMs : backoff
      await sleep(wait, o.signal)
      if (o.signal?.aborted) throw new InferenceError('aborted', abortMessage(o.signal), { retries: n })
    }
  }
}

function abortMessage(signal: AbortSignal): string {
  const r = signal.reason
  if (r instanceof Error) return r.message
  return typeof r === 'string' ? r : 'request aborted'
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0) return resolve()
    const t = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true })
  })
}

/** Reads retry-after-ms (ms) then retry-after (seconds or an HTTP date), as the openai client does. */
export function retryAfterFromHeaders(get: (name: string) => string | null | undefined): number | null {
  const ms = Number(get('retry-after-ms'))
  if (get('retry-after-ms') && Number.isFinite(ms)) return ms
  const ra = get('retry-after')
  if (!ra) return null
  const s = Number(ra)
  if (Number.isFinite(s)) return s * 1000
  const d = Date.parse(ra)
  return Number.isFinite(d) ? Math.max(0, d - Date.now()) : null
}

export function statusFailure(status: number, message: string, retryAfterMs: number | null): AttemptFailure {
  return { kind: kindForStatus(status), status, message, retryable: isRetryableStatus(status), retryAfterMs }
}
