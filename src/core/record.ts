/** One dataset row, normalised. `record_id` is stable: `<benchmark>-<dataset id>` or a content hash. */
export interface EvalRecord {
  record_id: string
  /** The user prompt as sent to the model (after the benchmark's template). */
  problem: string
  /** Optional system prompt sent before `problem`. */
  system?: string
  reference: string
  category: string
  subject: string
  metadata: Record<string, unknown>
}

export interface LoadContext {
  split?: string
  subset?: string
  seed: number
  /** A hint: loaders of huge datasets may stop early; the harness still shuffles/takes. */
  maxSamples?: number
  /** The run's record_ids, when it names some: a loader that stops early must still include these. */
  recordIds?: readonly string[]
  signal?: AbortSignal
  /** The run's [benchmarks.options] (a data snapshot, site URLs), as strings; a loader falls back to its env vars. */
  options?: Record<string, string>
  log(message: string): void
}
