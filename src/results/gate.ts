// The regression gate over result files or lines: the programmatic face of `jarvis eval gate` (docs/gate.md).
import { JarvisError } from '../core/errors.ts'
import type { RunSummary, SampleResult } from '../core/sample-result.ts'
import { evaluateGate, type GateOptions, type GateVerdict } from '../stats/gate.ts'
import { collectOutcomes, OutcomeCollector, type RunOutcomes } from '../stats/run-outcomes.ts'
import { readResults } from './read-results.ts'
import { readSummaryFile, requireRunPaths } from './run-files.ts'

export { GATE_RULE, type GateOptions, type GateVerdict } from '../stats/gate.ts'

/** A run for the gate: a results JSONL path, its lines, or lines plus the summary's settings (seed…). */
export type GateInput = string | SampleResult[] | { results: SampleResult[]; summary?: Partial<RunSummary> | null; label?: string }

async function toOutcomes(input: GateInput, label: string): Promise<RunOutcomes> {
  if (Array.isArray(input)) return collectOutcomes(label, input)
  if (typeof input !== 'string') return collectOutcomes(input.label ?? label, input.results, input.summary)
  const paths = requireRunPaths(input)
  if (!paths.jsonl) throw new JarvisError('JARVIS_RESULTS', `${input}: the gate needs the per-sample JSONL (only the summary exists). Point it at the .jsonl file.`)
  const summary = paths.summary ? readSummaryFile(paths.summary) : null
  const c = new OutcomeCollector(input, summary)
  for await (const r of readResults(paths.jsonl)) c.add(r)
  return c.finish()
}

/**
 * The regression gate: pass unless the candidate's accuracy drop is both larger than `maxDrop` and
 * statistically significant (docs/gate.md). Throws JarvisError (exit 2) when the runs cannot be paired.
 */
export async function gate(baseline: GateInput, candidate: GateInput, opts: GateOptions = {}): Promise<GateVerdict> {
  return evaluateGate(await toOutcomes(baseline, 'baseline'), await toOutcomes(candidate, 'candidate'), opts)
}
