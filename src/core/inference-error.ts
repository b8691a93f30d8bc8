// Failures of a model call after the retry budget. `kind` feeds the summary's errors_by_kind.
export type InferenceErrorKind =
  | 'rate_limit'
  | 'server_error'
  | 'timeout'
  | 'connection'
  | 'stream_cut'
  | 'bad_request'
  | 'auth'
  | 'not_found'
  | 'aborted'
  | 'other'

export class InferenceError extends Error {
  readonly kind: InferenceErrorKind
  readonly status: number | null
  readonly retries: number
  constructor(kind: InferenceErrorKind, message: string, opts: { status?: number | null; retries?: number } = {}) {
    super(message)
    this.name = 'InferenceError'
    this.kind = kind
    this.status = opts.status ?? null
    this.retries = opts.retries ?? 0
  }
}

/** HTTP statuses worth another try (the openai client's rule: 408, 409, 429, ≥ 500). */
export const isRetryableStatus = (status: number): boolean => status === 408 || status === 409 || status === 429 || status >= 500

export function kindForStatus(status: number): InferenceErrorKind {
  if (status === 429) return 'rate_limit'
  if (status === 408) return 'timeout'
  if (status >= 500) return 'server_error'
  if (status === 401 || status === 403) return 'auth'
  if (status === 404) return 'not_found'
  return 'bad_request'
}
