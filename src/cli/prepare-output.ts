import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import type { ResolvedRun } from '../config/resolved-run.ts'
import { JarvisError } from '../core/errors.ts'
import { fingerprintPathFor, predictionsPathFor, telemetryPathFor } from '../results/run-files.ts'
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
}

/**
 * Before a run: without --resume an existing output is moved aside (never silently overwritten); with it,
 * the complete lines are kept byte for byte and their ids skipped, after checking the settings match.
 * --retry-errors also drops the lines recorded with an error, so those samples run again.
 */
export async function prepareOutput(r: ResolvedRun, o: { retryErrors: boolean }): Promise<PreparedOutput> {
  const fp = runFingerprint(r)
  const fpFile = fingerprintPathFor(r.outputPath)
  if (!r.resume || !existsSync(r.outputPath)) {
    const movedTo = moveAside(r.outputPath)
    rmSync(telemetryPathFor(r.outputPath), { force: true })
    rmSync(predictionsPathFor(r.outputPath), { force: true })
    if (movedTo && existsSync(fpFile)) writeFileSync(fingerprintPathFor(movedTo), readFileSync(fpFile))
    writeFileAtomic(fpFile, `${JSON.stringify(fp, null, 2)}\n`)
    return { doneIds: [], movedTo }
  }
  if (existsSync(fpFile)) {
    const prev = JSON.parse(readFileSync(fpFile, 'utf8')) as Record<string, unknown>
    const diff = Object.keys(fp).filter((k) => JSON.stringify(prev[k]) !== JSON.stringify(fp[k]))
    if (diff.length)
      throw new JarvisError('JARVIS_BAD_OPTION', `--resume: ${r.outputPath} was made with other settings (${diff.map((k) => `${k}: ${JSON.stringify(prev[k])} → ${JSON.stringify(fp[k])}`).join(', ')}). Resume with the same settings, or drop --resume to start over (the old file is kept aside).`)
  }
  // Work on raw lines so every kept line stays byte-identical; a torn last line (kill -9) is dropped.
  const lines = readFileSync(r.outputPath, 'utf8').split('\n')
  const seen = new Set<string>()
  const kept: string[] = []
  for (const line of lines) {
    if (!line.trim()) continue
    let x: { record_id?: unknown; error?: unknown }
    try {
      x = JSON.parse(line)
    } catch {
      continue
    }
    if (typeof x.record_id !== 'string' || seen.has(x.record_id) || (o.retryErrors && x.error)) continue
    seen.add(x.record_id)
    kept.push(line)
  }
  const text = kept.map((l) => `${l}\n`).join('')
  if (text !== readFileSync(r.outputPath, 'utf8')) writeFileAtomic(r.outputPath, text)
  writeFileAtomic(fpFile, `${JSON.stringify(fp, null, 2)}\n`)
  return { doneIds: [...seen], movedTo: null }
}
