import type { RunSummary, SampleResult } from '../core/sample-result.ts'

/** What the gate needs from one run: verdicts by record id and the settings that must match. */
export interface RunOutcomes {
  /** A name for messages: the file path, or "baseline"/"candidate". */
  label: string
  benchmark: string
  model: string
  backend: string
  /** From the run's summary.json; null when unknown. */
  seed: number | null
  verdicts: Map<string, boolean | null>
  /** Lines with an `error` set (harness/inference failures, never regressions). */
  errors: number
  /** Repeated record ids (the first line wins, as in the summary). */
  duplicates: number
}

/** Builds RunOutcomes line by line: holds one boolean per sample, never the records. */
export class OutcomeCollector {
  private readonly out: RunOutcomes
  private readonly benchmarks = new Set<string>()
  private readonly models = new Set<string>()
  private readonly backends = new Set<string>()

  constructor(label: string, summary?: Partial<RunSummary> | null) {
    this.out = {
      label,
      benchmark: summary?.benchmark ?? '',
      model: summary?.model ?? '',
      backend: summary?.backend ?? '',
      seed: summary?.seed ?? null,
      verdicts: new Map(),
      errors: 0,
      duplicates: 0,
    }
  }

  add(r: SampleResult): void {
    if (this.out.verdicts.has(r.record_id)) {
      this.out.duplicates++
      return
    }
    this.out.verdicts.set(r.record_id, r.is_correct ?? null)
    if (r.error) this.out.errors++
    if (r.benchmark) this.benchmarks.add(r.benchmark)
    if (r.model) this.models.add(r.model)
    if (r.backend) this.backends.add(r.backend)
  }

  finish(): RunOutcomes {
    // A file mixing several benchmarks/models is itself a mismatch: show all of them.
    const join = (s: Set<string>, fallback: string) => (s.size ? [...s].sort().join(',') : fallback)
    return { ...this.out, benchmark: join(this.benchmarks, this.out.benchmark), model: join(this.models, this.out.model), backend: join(this.backends, this.out.backend) }
  }
}

export function collectOutcomes(label: string, results: Iterable<SampleResult>, summary?: Partial<RunSummary> | null): RunOutcomes {
  const c = new OutcomeCollector(label, summary)
  for (const r of results) c.add(r)
  return c.finish()
}
