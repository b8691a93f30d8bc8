import { accessSync, constants, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { findBenchmark, loadDefinition } from '../../evals/registry.ts'
import type { ResolvedRun } from '../config/resolved-run.ts'
import { createEngine } from '../engines/index.ts'
import { JarvisError } from '../core/errors.ts'
import { planSamples } from '../harness/plan-samples.ts'
import { createJudge } from '../scoring/judge/create-judge.ts'

export interface PreflightResult {
  /** Selected samples per run (before chunking and resume). */
  counts: Map<ResolvedRun, number>
  /** Selected record ids → their digests (prompt + reference), per run: resume keeps only lines that still match. */
  selections: Map<ResolvedRun, Map<string, string>>
  warnings: string[]
}

/**
 * Everything that can be wrong with the input is found here, before any model call: unwritable output,
 * endpoint down or model not served, judge missing for a judged benchmark, dataset missing/gated/unknown split.
 */
export async function preflight(runs: ResolvedRun[], log: (line: string) => void): Promise<PreflightResult> {
  const warnings: string[] = []
  for (const dir of new Set(runs.map((r) => dirname(r.outputPath)))) {
    try {
      mkdirSync(dir, { recursive: true })
      accessSync(dir, constants.W_OK)
    } catch {
      throw new JarvisError('JARVIS_OUTPUT', `output directory ${dir} is not writable. Choose another with --output-dir/-o or [run] output_dir.`)
    }
  }
  const checked = new Set<string>()
  for (const r of runs) {
    const key = `${r.engine}|${r.model}|${r.baseUrl ?? ''}`
    if (checked.has(key)) continue
    checked.add(key)
    const engine = await createEngine({ engine: r.engine, model: r.modelFile ?? r.model, baseUrl: r.baseUrl, maxRetries: 0, threads: r.threads, contextSize: r.contextSize, maxSequences: 1 })
    log(`model ${r.model}: ${engine.where}`)
    try {
      await engine.checkModel(r.modelFile ?? r.model)
    } finally {
      await engine.close()
    }
  }
  const judged = new Set<string>()
  for (const r of runs) {
    const needs = r.dataset ? (r.scorer === 'judge' ? 'always' : 'never') : findBenchmark(r.benchmark)?.needs.judge
    if (!needs || needs === 'never') continue
    const key = JSON.stringify(r.judge)
    if (judged.has(key)) continue
    judged.add(key)
    const judge = await createJudge(r.judge, { maxRetries: 0 })
    if (!judge.available) {
      if (needs === 'always') throw new JarvisError('JARVIS_ENDPOINT_UNREACHABLE', `${r.benchmark} needs an LLM judge, but judge ${r.judge.model} is unavailable: ${judge.unavailableReason} Use --judge-model/--judge-engine or [judge] to pick a reachable one.`)
      warnings.push(`judge ${r.judge.model} unavailable (${judge.unavailableReason}); ${r.benchmark} answers the regex cannot read will be unscored.`)
    }
  }
  const counts = new Map<ResolvedRun, number>()
  const selections = new Map<ResolvedRun, Map<string, string>>()
  for (const r of runs) {
    const def = await loadDefinition(r)
    const plan = await planSamples(def, { ...r, chunk: null, skipIdsFile: null }, (m) => log(`${r.benchmark}: ${m}`), undefined, { digests: true })
    if (plan.selectedCount === 0) throw emptySelection(r)
    counts.set(r, plan.selectedCount)
    selections.set(r, plan.selection!)
    log(`${r.benchmark}: ${plan.selectedCount} samples selected (seed ${r.seed})`)
  }
  return { counts, selections, warnings }
}

function emptySelection(r: ResolvedRun): JarvisError {
  if (r.dataset) return new JarvisError('JARVIS_DATASET', `${r.benchmark}: ${r.dataset.path} has no data rows; nothing to evaluate. Add rows under the header (one record per row or line), or point [benchmarks.dataset] path at the right file.`)
  const where = [r.split && `split "${r.split}"`, r.subset && `subset "${r.subset}"`].filter(Boolean).join(', ')
  return new JarvisError('JARVIS_DATASET', `${r.benchmark}: the dataset has no records${where ? ` in ${where}` : ''}; nothing to evaluate. Check --split / subset, or the dataset's files.`)
}
