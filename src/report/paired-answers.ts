import { readResults } from '../results/read-results.ts'
import { evidenceOf } from '../results/sample-evidence.ts'
import type { RunData } from './run-data.ts'

/** One run's answer to a sample whose verdict changed, for the paired table. */
export interface PairedAnswer {
  answer: string
  reference: string | null
  extracted: string | null
  prompt: string | null
  error: string | null
}

/**
 * The two runs' answers to the samples whose verdict changed: a second streaming pass over each JSONL that
 * keeps only those ids (a run's answers are not held in memory for the rest of the report).
 */
export async function pairedAnswers(runs: [RunData, RunData], ids: Iterable<string>): Promise<Map<string, [PairedAnswer | null, PairedAnswer | null]>> {
  const out = new Map<string, [PairedAnswer | null, PairedAnswer | null]>()
  for (const id of ids) out.set(id, [null, null])
  if (out.size === 0) return out
  for (const side of [0, 1] as const) {
    const path = runs[side].paths.jsonl
    if (!path) continue
    for await (const r of readResults(path, () => {})) {
      const slot = out.get(r.record_id)
      if (!slot || slot[side]) continue // first line wins, as in the pairing
      const meta = (r.scoring_metadata ?? {}) as Record<string, unknown>
      const ev = evidenceOf(meta)
      slot[side] = { answer: r.model_answer ?? '', reference: ev.reference, extracted: ev.extracted, prompt: typeof meta.prompt === 'string' ? meta.prompt : null, error: r.error ?? null }
    }
  }
  return out
}
