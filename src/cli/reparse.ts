// Re-reading stored judge replies with the current parsers: no model call, no network.
//
//   applyScore(result, score): SampleResult                   the JSONL line with the new verdict
//   reparseFile({ input, output, backup? }): Promise<ReparseOutcome>
//
// OpenJarvis ran every record through the DeepResearchBench parser whatever its benchmark, and only records
// scored ≤ 0 (openjarvis-evals.md §7, §10.17). Here each line goes to its own benchmark's `rescore`, every
// judged line is re-read (a parser fix can also turn a yes into a no), and the rewrite is idempotent.
import { loadRescorer, type Rescorer } from '../../evals/registry.ts'
import { copyFileSync, existsSync, readFileSync } from 'node:fs'
import { scoreFields } from '../results/score-fields.ts'
import type { Score } from '../core/score.ts'
import { readResults, type ReadIssue } from '../results/read-results.ts'
import { RunSummarySchema, type RunSummary, type SampleResult } from '../core/sample-result.ts'
import { backupPathFor, summaryPathFor } from '../results/run-files.ts'
import { writeSummary } from '../results/summary.ts'
import { serializeResult, writeFileAtomic } from '../results/write.ts'

/** The new verdict on a line, mapped the way the harness maps a Score (run-sample.ts). */
export function applyScore(result: SampleResult, score: Score): SampleResult {
  // Judge usage, retries and cache flags describe the original run; the verdict fields are re-derived.
  const keep = Object.fromEntries(Object.entries(result.scoring_metadata ?? {}).filter(([k]) => ['judge_usage', 'retries', 'cache_hit', 'finish_reason'].includes(k)))
  return { ...result, ...scoreFields(score, keep) }
}

export interface ReparseOutcome {
  input: string
  output: string
  summaryPath: string
  /** Lines whose stored judge text was re-read. */
  reparsed: number
  /** Of those, lines whose is_correct or score changed. */
  changed: number
  /** Lines of benchmarks without a rescorer (left as they were). */
  skipped: number
  accuracyBefore: number
  accuracyAfter: number
  summary: RunSummary
  issues: ReadIssue[]
  backup: string | null
}

export async function reparseFile(opts: { input: string; output: string }): Promise<ReparseOutcome> {
  const { input, output } = opts
  const issues: ReadIssue[] = []
  const loaded = new Map<string, Rescorer | null>()
  const lines: string[] = []
  let reparsed = 0
  let changed = 0
  let skipped = 0
  const before = { scored: 0, correct: 0 }
  for await (const r of readResults(input, (i) => issues.push(i))) {
    if (r.is_correct !== null) {
      before.scored++
      if (r.is_correct) before.correct++
    }
    if (!loaded.has(r.benchmark)) loaded.set(r.benchmark, await loadRescorer(r.benchmark))
    const rescore = loaded.get(r.benchmark)
    const score = rescore && !r.error ? rescore(r) : null
    if (!rescore) skipped++
    if (!score) {
      lines.push(serializeResult(r))
      continue
    }
    const next = applyScore(r, score)
    reparsed++
    if (next.is_correct !== r.is_correct || next.score !== r.score) changed++
    lines.push(serializeResult(next))
  }
  const inPlace = output === input
  let backup: string | null = null
  if (inPlace) {
    backup = backupPathFor(input)
    if (!existsSync(backup)) copyFileSync(input, backup) // once: a second run keeps the original
  }
  writeFileAtomic(output, lines.join(''))
  const old = readOldSummary(input)
  const summary = await writeSummary({
    outputPath: output,
    startedAt: old?.started_at ?? 0,
    endedAt: old?.ended_at ?? 0,
    category: old?.category,
    seed: old?.seed ?? null,
    telemetryNote: old?.telemetry_note ?? null,
  })
  const summaryPath = summaryPathFor(output)
  return {
    input,
    output,
    summaryPath,
    reparsed,
    changed,
    skipped,
    accuracyBefore: before.scored ? before.correct / before.scored : 0,
    accuracyAfter: summary.accuracy,
    summary,
    issues,
    backup,
  }
}

/** The run's own summary, for the fields a JSONL does not hold (start/end time, seed, telemetry note). */
function readOldSummary(input: string): RunSummary | null {
  const path = summaryPathFor(input)
  if (!existsSync(path)) return null
  try {
    const parsed = RunSummarySchema.safeParse(JSON.parse(readFileSync(path, 'utf8')))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
