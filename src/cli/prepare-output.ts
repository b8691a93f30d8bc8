import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import type { ResolvedRun } from '../config/resolved-run.ts'
import { JarvisError } from '../core/errors.ts'
import { fingerprintPathFor, predictionsPathFor, telemetryPathFor, tracesPathFor } from '../results/run-files.ts'
import { moveAside, writeFileAtomic } from '../results/write.ts'

/** The settings that make two runs' samples interchangeable; resume refuses to mix different ones. */
export function runFingerprint(r: ResolvedRun): Record<string, unknown> {
  return {
    benchmark: r.benchmark, model: r.model, engine: r.engine, backend: r.backend, temperature: r.temperature, max_tokens: r.maxTokens,
    seed: r.seed, split: r.split, subset: r.subset, dataset: r.dataset?.path ?? null, judge_model: r.judge.model,
    // Agent settings join only for agent runs, so one-call runs keep the fingerprints they always had.
    ...(r.backend !== 'jarvis-direct' ? { agent: r.agent, tools: r.tools, mcp_servers: r.mcpServers, max_turns: r.maxTurns, token_budget: r.tokenBudget } : {}),
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

const fingerprintText = (settings: Record<string, unknown>, records: Map<string, string>) => `${JSON.stringify({ settings, records: Object.fromEntries(records) })}\n`

/**
 * Before a run: a full run moves an existing output aside (never silently overwritten). --resume keeps the
 * complete lines of records still selected, with the same prompt and reference, byte for byte, and skips their
 * ids; lines of records no longer selected (a narrower -n, a record gone) or whose prompt or reference changed
 * are dropped, the previous file kept aside, so the results hold exactly this run's selection scored against
 * today's references. An update (-t / --record-ids: samples chosen by name) keeps every line and runs the chosen
 * samples again, their new lines replacing the old after the run (compactByRecordId). Both first check the
 * settings match. --retry-errors also drops the errored lines.
 *
 * `selection`: the run's selected record ids → digests (preflight); omitted = no per-record check.
 */
export async function prepareOutput(r: ResolvedRun, o: { retryErrors: boolean; update?: boolean; selection?: Map<string, string> }): Promise<PreparedOutput> {
  const fp = runFingerprint(r)
  const selection = o.selection ?? new Map<string, string>()
  const fpFile = fingerprintPathFor(r.outputPath)
  if ((!r.resume && !o.update) || !existsSync(r.outputPath)) {
    const movedTo = moveAside(r.outputPath)
    moveAside(tracesPathFor(r.outputPath, r.benchmark, r.modelSlug))
    rmSync(telemetryPathFor(r.outputPath), { force: true })
    rmSync(predictionsPathFor(r.outputPath), { force: true })
    if (movedTo && existsSync(fpFile)) writeFileSync(fingerprintPathFor(movedTo), readFileSync(fpFile))
    writeFileAtomic(fpFile, fingerprintText(fp, selection))
    return { doneIds: [], movedTo }
  }
  const prev = readFingerprint(fpFile)
  if (prev) {
    const diff = Object.keys(fp).filter((k) => JSON.stringify(prev.settings[k]) !== JSON.stringify(fp[k]))
    const flag = r.resume ? '--resume' : '-t/--record-ids'
    if (diff.length)
      throw new JarvisError('JARVIS_BAD_OPTION', `${flag}: ${r.outputPath} was made with other settings (${diff.map((k) => `${k}: ${JSON.stringify(prev.settings[k])} → ${JSON.stringify(fp[k])}`).join(', ')}). ${r.resume ? 'Resume' : 'Rerun'} with the same settings, or drop ${flag} to start over (the old file is kept aside).`)
  }
  const before = prev?.records ?? {}
  // Work on raw lines so every kept line stays byte-identical; a torn last line (kill -9) is dropped; of two
  // lines of one id (an interrupted update) the newer wins.
  const original = readFileSync(r.outputPath, 'utf8')
  const byId = new Map<string, string>()
  for (const line of original.split('\n')) {
    if (!line.trim()) continue
    let x: { record_id?: unknown; error?: unknown }
    try {
      x = JSON.parse(line)
    } catch {
      continue
    }
    if (typeof x.record_id !== 'string') continue
    if (o.retryErrors && x.error) byId.delete(x.record_id)
    else byId.set(x.record_id, line)
  }
  // Resume: the results are this run's selection. (An update keeps the other records' lines: only the chosen run.)
  const dropped = { unselected: 0, changed: 0 }
  if (r.resume && !o.update && o.selection) {
    for (const id of [...byId.keys()]) {
      if (!selection.has(id)) dropped.unselected++
      // A line written before records were fingerprinted has nothing to compare with: it is kept.
      else if (before[id] !== undefined && before[id] !== selection.get(id)) dropped.changed++
      else continue
      byId.delete(id)
    }
  }
  const text = [...byId.values()].map((l) => `${l}\n`).join('')
  let movedTo: string | null = null
  if (dropped.unselected + dropped.changed > 0) {
    // Lines leave the results: the whole previous file goes aside, as a run without --resume would do.
    const fpText = existsSync(fpFile) ? readFileSync(fpFile) : null
    movedTo = moveAside(r.outputPath)
    if (movedTo && fpText) writeFileSync(fingerprintPathFor(movedTo), fpText)
    writeFileAtomic(r.outputPath, text)
  } else if (text !== original) writeFileAtomic(r.outputPath, text)
  const records = r.resume && !o.update && o.selection ? selection : new Map([...Object.entries(before), ...selection])
  writeFileAtomic(fpFile, fingerprintText(fp, records))
  return { doneIds: r.resume ? [...byId.keys()] : [], movedTo, ...(dropped.unselected + dropped.changed > 0 ? { dropped } : {}) }
}
