// Results never overwrite a run's inputs: `-o suite.toml` or `-o data.jsonl` would move the suite or the
// dataset aside and write results in its place. Checked before any model call.
//
//   checkOutputsAreNotInputs(runs, suitePath?)   throws JarvisError (exit 2) naming both
import { existsSync, realpathSync } from 'node:fs'
import { resolve } from 'node:path'
import type { ResolvedRun } from '../config/resolved-run.ts'
import { JarvisError } from '../core/errors.ts'
import { fingerprintPathFor, lockPathFor, summaryPathFor, telemetryPathFor } from '../results/run-files.ts'

const real = (p: string) => {
  const abs = resolve(p)
  try {
    return existsSync(abs) ? realpathSync(abs) : abs
  } catch {
    return abs
  }
}

export function checkOutputsAreNotInputs(runs: ResolvedRun[], suitePath?: string): void {
  const inputs = new Map<string, string>()
  if (suitePath) inputs.set(real(suitePath), `the suite file ${suitePath}`)
  for (const r of runs) {
    if (r.dataset) inputs.set(real(r.dataset.path), `the dataset of ${r.benchmark} (${r.dataset.path})`)
    if (r.modelFile) inputs.set(real(r.modelFile), `the model file ${r.modelFile}`)
  }
  for (const r of runs) {
    for (const out of [r.outputPath, summaryPathFor(r.outputPath), fingerprintPathFor(r.outputPath), telemetryPathFor(r.outputPath), lockPathFor(r.outputPath)]) {
      const hit = inputs.get(real(out))
      if (hit) throw new JarvisError('JARVIS_BAD_OPTION', `the results of ${r.benchmark} / ${r.model} would be written to ${out}, which is ${hit}. Choose another -o/--output or --output-dir.`)
    }
  }
}
