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
}

/**
 * Before a run: a full run moves an existing output aside (never silently overwritten). --resume keeps the
 * complete lines byte for byte and skips their ids; an update (-t / --record-ids: samples chosen by name) keeps
 * every line and runs the chosen samples again, their new lines replacing the old after the run
 * (compactByRecordId). Both first check the settings match. --retry-errors also drops the errored lines.
 */
export async function prepareOutput(r: ResolvedRun, o: { retryErrors: boolean; update?: boolean }): Promise<PreparedOutput> {
  const fp = runFingerprint(r)
  const fpFile = fingerprintPathFor(r.outputPath)
  if ((!r.resume && !o.update) || !existsSync(r.outputPath)) {
    const movedTo = moveAside(r.outputPath)
    moveAside(tracesPathFor(r.outputPath, r.benchmark, r.modelSlug))
    rmSync(telemetryPathFor(r.outputPath), { force: true })
    rmSync(predictionsPathFor(r.outputPath), { force: true })
    if (movedTo && existsSync(fpFile)) writeFileSync(fingerprintPathFor(movedTo), readFileSync(fpFile))
    writeFileAtomic(fpFile, `${JSON.stringify(fp, null, 2)}\n`)
    return { doneIds: [], movedTo }
  }
  if (existsSync(fpFile)) {
    const prev = JSON.parse(readFileSync(fpFile, 'utf8')) as Record<string, unknown>
    const diff = Object.keys(fp).filter((k) => JSON.stringify(prev[k]) !== JSON.stringify(fp[k]))
    const flag = r.resume ? '--resume' : '-t/--record-ids'
    if (diff.length)
      throw new JarvisError('JARVIS_BAD_OPTION', `${flag}: ${r.outputPath} was made with other settings (${diff.map((k) => `${k}: ${JSON.stringify(prev[k])} → ${JSON.stringify(fp[k])}`).join(', ')}). ${r.resume ? 'Resume' : 'Rerun'} with the same settings, or drop ${flag} to start over (the old file is kept aside).`)
  }
  // Work on raw lines so every kept line stays byte-identical; a torn last line (kill -9) is dropped; of two
  // lines of one id (an interrupted update) the newer wins.
  const lines = readFileSync(r.outputPath, 'utf8').split('\n')
  const byId = new Map<string, string>()
  for (const line of lines) {
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
  const text = [...byId.values()].map((l) => `${l}\n`).join('')
  if (text !== readFileSync(r.outputPath, 'utf8')) writeFileAtomic(r.outputPath, text)
  writeFileAtomic(fpFile, `${JSON.stringify(fp, null, 2)}\n`)
  return { doneIds: r.resume ? [...byId.keys()] : [], movedTo: null }
}
