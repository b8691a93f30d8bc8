// The agent transcripts of failed samples, read from the run's traces.jsonl (traces/<benchmark>_<slug>/), so the
// HTML report shows how the agent got to a wrong answer. Streamed: only the wanted ids are kept.
import { createReadStream, existsSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { modelSlug } from '../config/slug.ts'
import { tracesPathFor } from '../results/run-files.ts'
import { transcriptText, type TraceLine } from '../results/trace.ts'
import type { FailedSample } from './failed-sample.ts'

export async function attachTranscripts(jsonl: string, benchmark: string, model: string, failures: FailedSample[]): Promise<void> {
  if (!failures.length || !benchmark || !model) return
  const path = tracesPathFor(jsonl, benchmark, modelSlug(model))
  if (!existsSync(path)) return
  const wanted = new Map(failures.map((f) => [f.record_id, f]))
  const rl = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity })
  for await (const line of rl) {
    if (!line.trim()) continue
    let t: TraceLine
    try {
      t = JSON.parse(line)
    } catch {
      continue
    }
    const f = wanted.get(t.record_id)
    // The last line of a record wins (a resumed run appends its retry).
    if (f && t.trace_data) f.transcript = transcriptText(t.trace_data)
  }
}
