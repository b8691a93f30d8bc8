import type { SampleResult } from '../core/sample-result.ts'

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

// Scorers store their evidence under different keys (decisions.md: judge text is kept raw so it can be re-parsed).
const REFERENCE_KEYS = ['reference_letter', 'expected', 'reference', 'reference_answer', 'gold', 'target']
const EXTRACTED_KEYS = ['candidate_letter', 'extracted', 'extracted_answer', 'parsed_answer', 'prediction']
const JUDGE_KEYS = ['raw_judge_output', 'judge_text', 'judge_output', 'explanation']

function pick(meta: Record<string, unknown>, keys: string[]): string | null {
  for (const k of keys) {
    const v = meta[k]
    if (v === undefined || v === null || v === '') continue
    return typeof v === 'string' ? v : JSON.stringify(v)
  }
  return null
}

/** The failed-sample view of a line, or null when the sample was right. */
export function toFailedSample(r: SampleResult): FailedSample | null {
  if (r.is_correct === true) return null
  const meta = (r.scoring_metadata ?? {}) as Record<string, unknown>
  const kind = r.error ? 'error' : r.is_correct === false ? 'wrong' : 'unscored'
  return {
    record_id: r.record_id,
    subject: r.subject || '',
    kind,
    prompt: pick(meta, ['prompt']),
    model_answer: r.model_answer ?? '',
    reference: pick(meta, REFERENCE_KEYS),
    extracted: pick(meta, EXTRACTED_KEYS),
    judge: pick(meta, JUDGE_KEYS),
    error: r.error ?? (kind === 'unscored' && typeof meta.reason === 'string' ? `unscored: ${meta.reason}` : null),
  }
}
