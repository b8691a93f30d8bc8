import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import type { ResolvedRun } from '../config/resolved-run.ts'
import { JarvisError } from '../core/errors.ts'
import { fingerprintPathFor, telemetryPathFor } from '../results/run-files.ts'
import { moveAside, writeFileAtomic } from '../results/write.ts'

/** The settings that make two runs' samples interchangeable; resume refuses to mix different ones. */
export function runFingerprint(r: ResolvedRun): Record<string, unknown> {
  return {
    benchmark: r.benchmark, model: r.model, engine: r.engine, backend: r.backend, temperature: r.temperature, max_tokens: r.maxTokens,
    seed: r.seed, split: r.split, subset: r.subset, dataset: r.dataset?.path ?? null, judge_model: r.judge.model,
  }
}

export interface PreparedOutput {
  /** Ids already complete (resume): the run skips them. */
  doneIds: string[]
  movedTo: string | null
  /** Resume only: lines dropped because their record is no longer selected, or its prompt/reference changed. */
  dropped?: { unselected: number; changed: number }
}

/** `{output}.run.json`: the settings, and each selected record's digest (so a changed dataset is noticed per record). */
interface Fingerprint {
  settings: Record<string, unknown>
  records: Record<string, string>
}

function readFingerprint(path: string): Fingerprint | null {
  if (!existsSync(path)) return null
  const raw = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>
  // Files written before records were fingerprinted hold the settings at the top level.
  return raw.settings && typeof raw.settings === 'object' ? (raw as unknown as Fingerprint) : { settings: raw, records: {} }
}

const fingerprintText = (r: ResolvedRun, selection: Map<string, string>) => `${JSON.stringify({ settings: runFingerprint(r), records: Object.fromEntries(selection) })}\n`

/**
 * Before a run: without --resume an existing output is moved aside (never silently overwritten); with it,
 * the complete lines of records still selected, with the same prompt and reference, are kept byte for byte and
 * their ids skipped, after checking the settings match. Lines of records no longer selected (a narrower -n, a
 * record gone) or whose prompt or reference changed are dropped, the previous file kept aside: the results then
 * hold exactly this run's selection, scored against today's references. --retry-errors also drops the lines
 * recorded with an error, so those samples run again.
 *
 * `selection`: the run's selected record ids → digests (preflight); omitted = keep every id (no check).
 */
export async function prepareOutput(r: ResolvedRun, o: { retryErrors: boolean; selection?: Map<string, string> }): Promise<PreparedOutput> {
  const fp = runFingerprint(r)
  const selection = o.selection ?? new Map<string, string>()
  const fpFile = fingerprintPathFor(r.outputPath)
  if (!r.resume || !existsSync(r.outputPath)) {
    const movedTo = moveAside(r.outputPath)
    rmSync(telemetryPathFor(r.outputPath), { force: true })
    if (movedTo && existsSync(fpFile)) writeFileSync(fingerprintPathFor(movedTo), readFileSync(fpFile))
    writeFileAtomic(fpFile, fingerprintText(r, selection))
    return { doneIds: [], movedTo }
  }
  const prev = readFingerprint(fpFile)
  if (prev) {
    const diff = Object.keys(fp).filter((k) => JSON.stringify(prev.settings[k]) !== JSON.stringify(fp[k]))
    if (diff.length)
      throw new JarvisError('JARVIS_BAD_OPTION', `--resume: ${r.outputPath} was made with other settings (${diff.map((k) => `${k}: ${JSON.stringify(prev.settings[k])} → ${JSON.stringify(fp[k])}`).join(', ')}). Resume with the same settings, or drop --resume to start over (the old file is kept aside).`)
  }
  const before = prev?.records ?? {}
  // Work on raw lines so every kept line stays byte-identical; a torn last line (kill -9) is dropped.
  const original = readFileSync(r.outputPath, 'utf8')
  const seen = new Set<string>()
  const kept: string[] = []
  const dropped = { unselected: 0, changed: 0 }
  for (const line of original.split('\n')) {
    if (!line.trim()) continue
    let x: { record_id?: unknown; error?: unknown }
    try {
      x = JSON.parse(line)
    } catch {
      continue
    }
    if (typeof x.record_id !== 'string' || seen.has(x.record_id) || (o.retryErrors && x.error)) continue
    const id = x.record_id
    if (o.selection && !selection.has(id)) {
      dropped.unselected++
      continue
    }
    // A line written before records were fingerprinted has nothing to compare with: it is kept.
    if (o.selection && before[id] !== undefined && before[id] !== selection.get(id)) {
      dropped.changed++
      continue
    }
    seen.add(id)
    kept.push(line)
  }
  const text = kept.map((l) => `${l}\n`).join('')
  let movedTo: string | null = null
  if (dropped.unselected + dropped.changed > 0) {
    // Lines leave the results: the whole previous file goes aside, as a run without --resume would do.
    const fpText = readFileSync(fpFile)
    movedTo = moveAside(r.outputPath)
    if (movedTo) writeFileSync(fingerprintPathFor(movedTo), fpText)
    writeFileAtomic(r.outputPath, text)
  } else if (text !== original) writeFileAtomic(r.outputPath, text)
  writeFileAtomic(fpFile, fingerprintText(r, o.selection ? selection : new Map(Object.entries(before))))
  return { doneIds: [...seen], movedTo, ...(dropped.unselected + dropped.changed > 0 ? { dropped } : {}) }
}
