import type { SampleResult } from '../core/sample-result.ts'
import { evidenceOf } from '../results/sample-evidence.ts'

/** A wrong or failed sample, with the evidence a person needs to judge it. */
export interface FailedSample {
  record_id: string
  subject: string
  kind: 'wrong' | 'error' | 'unscored'
  prompt: string | null
  model_answer: string
  reference: string | null
  extracted: string | null
  judge: string | null
  error: string | null
  /** Agent runs: the readable transcript from traces.jsonl (turns, tool calls and results), when there is one. */
  transcript?: string
}

/** The failed-sample view of a line, or null when the sample was right. */
export function toFailedSample(r: SampleResult): FailedSample | null {
  if (r.is_correct === true) return null
  const meta = (r.scoring_metadata ?? {}) as Record<string, unknown>
  const kind = r.error ? 'error' : r.is_correct === false ? 'wrong' : 'unscored'
  const ev = evidenceOf(meta)
  return {
    record_id: r.record_id,
    subject: r.subject || '',
    kind,
    prompt: typeof meta.prompt === 'string' && meta.prompt ? meta.prompt : null,
    model_answer: r.model_answer ?? '',
    reference: ev.reference,
    extracted: ev.extracted,
    judge: ev.judge,
    error: r.error ?? (kind === 'unscored' && typeof meta.reason === 'string' ? `unscored: ${meta.reason}` : null),
  }
}
