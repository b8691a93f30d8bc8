// Node's AbortSignal.any() loses an AbortSignal.timeout() source once the garbage collector runs before it fires
// (nodejs/node#57736; Node 20.20 here): the combined signal then never aborts. A --query-timeout built that way
// left a request the server never answered hanging for good whenever a GC came first (CI caught it under load).
// Here a timer and listeners of our own hold everything strongly until the work is done and says so (dispose).

/** The reason AbortSignal.timeout() gives, so `reason.name === 'TimeoutError'` still tells a timeout from a cancel. */
export const timeoutReason = (): DOMException => new DOMException('The operation was aborted due to timeout', 'TimeoutError')

/** A signal fired because its time ran out (a deadline, AbortSignal.timeout), not because the run was cancelled. */
export const isTimeoutReason = (reason: unknown): boolean => (reason as { name?: string } | undefined)?.name === 'TimeoutError'

export interface Deadline {
  /** Aborts when the parent does (with its reason) or when the time is up (a TimeoutError); undefined when neither can happen. */
  readonly signal: AbortSignal | undefined
  /** The time ran out (not the parent). */
  readonly expired: boolean
  /** Stops the timer and unhooks from the parent: call it once the work under the signal is over. */
  dispose(): void
}

/** A signal for work that must end when `parent` aborts or after `ms` milliseconds (null: no time limit). */
export function deadline(parent: AbortSignal | null | undefined, ms: number | null): Deadline {
  if (ms === null) return { signal: parent ?? undefined, expired: false, dispose() {} }
  const ac = new AbortController()
  let expired = false
  const onParent = () => ac.abort(parent?.reason)
  // Unref'd like AbortSignal.timeout's timer: a deadline alone never keeps a process alive.
  const timer = setTimeout(() => ((expired = true), ac.abort(timeoutReason())), ms).unref()
  if (parent?.aborted) onParent()
  else parent?.addEventListener('abort', onParent, { once: true })
  return {
    signal: ac.signal,
    get expired() {
      return expired
    },
    dispose() {
      clearTimeout(timer)
      parent?.removeEventListener('abort', onParent)
    },
  }
}

/**
 * Aborts when any of `sources` does, with its reason. Unlike AbortSignal.any(), each source holds it through a
 * listener, so it lives as long as they do; the listeners stay until a source aborts, so use it only over
 * sources as short-lived as one request.
 */
export function eitherSignal(...sources: AbortSignal[]): AbortSignal {
  const ac = new AbortController()
  for (const s of sources) {
    if (s.aborted) {
      ac.abort(s.reason)
      break
    }
    s.addEventListener('abort', () => ac.abort(s.reason), { once: true })
  }
  return ac.signal
}
