import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { JarvisError } from '../core/errors.ts'
import { RunSummarySchema, type RunSummary } from '../core/sample-result.ts'

export interface RunPaths {
  /** What the user typed. */
  input: string
  /** The results JSONL, when it exists. */
  jsonl: string | null
  /** `{jsonl}.summary.json`, when it exists. */
  summary: string | null
}

// Every file a run leaves beside its JSONL. Nothing else in the code spells a suffix.
const SUFFIX = '.summary.json'
const FINGERPRINT = '.run.json'
const TELEMETRY = '.telemetry.jsonl'
const PREDICTIONS = '.predictions.jsonl'

/** `{output}.summary.json`, as the spec names it. */
export const summaryPathFor = (outputPath: string): string => `${outputPath}${SUFFIX}`
/** `{output}.run.json`: the settings the lines were made with (resume refuses others). */
export const fingerprintPathFor = (outputPath: string): string => `${outputPath}${FINGERPRINT}`
/** `{output}.telemetry.jsonl`: each worker's (or chunk's) device telemetry totals, summed into the summary. */
export const telemetryPathFor = (outputPath: string): string => `${outputPath}${TELEMETRY}`
/** `{output}.lock`: who is writing the file now (output-lock.ts; the lock itself is a socket). */
export const lockPathFor = (outputPath: string): string => `${outputPath}.lock`
/** `{output}.predictions.jsonl`: SWE-bench-format patches of swebench/swefficiency (for the official harness). */
export const predictionsPathFor = (outputPath: string): string => `${outputPath}${PREDICTIONS}`
/** `{output}.bak`: reparse-judge --in-place keeps the original here, once. */
export const backupPathFor = (outputPath: string): string => `${outputPath}.bak`
/**
 * `traces/<benchmark>_<model-slug>/traces.jsonl` beside the JSONL (spec §6.2): agent transcripts, one line a
 * sample. `output` names the JSONL; the benchmark and slug come from the run, as OpenJarvis names the folder.
 */
export const tracesPathFor = (outputPath: string, benchmark: string, modelSlug: string): string => join(dirname(outputPath), 'traces', `${benchmark}_${modelSlug}`, 'traces.jsonl')

/** Sidecars that travel with the JSONL when an old run is moved aside. */
export const MOVED_SIDECARS = [SUFFIX, TELEMETRY, PREDICTIONS] as const
/** Where an old run goes instead of being overwritten: `{output}.prev-<UTC stamp>[-n]`. */
export const previousPathFor = (outputPath: string, stamp: string, n = 0): string => `${outputPath}.prev-${stamp}${n ? `-${n}` : ''}`

/** Finds a run's files from either its JSONL or its summary path; null when neither exists. */
export function resolveRunPaths(input: string): RunPaths | null {
  const jsonl = input.endsWith(SUFFIX) ? input.slice(0, -SUFFIX.length) : input
  const summary = summaryPathFor(jsonl)
  const out: RunPaths = { input, jsonl: existsSync(jsonl) ? jsonl : null, summary: existsSync(summary) ? summary : null }
  return out.jsonl || out.summary ? out : null
}

/**
 * Reads `{output}.summary.json`. Returns null (and says why through `onIssue`) when it is not a valid summary,
 * so the caller can recompute it from the JSONL instead.
 */
export function readSummaryFile(path: string, onIssue?: (msg: string) => void): RunSummary | null {
  let obj: unknown
  try {
    obj = JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    onIssue?.(`${path}: not valid JSON; recomputing from the JSONL`)
    return null
  }
  const parsed = RunSummarySchema.safeParse(obj)
  if (parsed.success) return parsed.data
  onIssue?.(`${path}: not a jarvis summary (${parsed.error.issues[0]?.path.join('.') || 'shape'}); recomputing from the JSONL`)
  return null
}

/** Like resolveRunPaths, but a missing run is bad input (exit 2). */
export function requireRunPaths(input: string, what = 'results file'): RunPaths {
  const p = resolveRunPaths(input)
  if (!p) throw new JarvisError('JARVIS_RESULTS', `${input}: no such ${what} (nor ${summaryPathFor(input)}). Check the path, or run jarvis eval run first.`)
  return p
}
