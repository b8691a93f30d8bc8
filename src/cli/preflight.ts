import { accessSync, constants, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { findBenchmark, isExternal, loadDefinition } from '../../evals/registry.ts'
import { describeNameFor } from '../config/projects.ts'
import type { ResolvedRun } from '../config/resolved-run.ts'
import { createEngine } from '../engines/index.ts'
import { JarvisError } from '../core/errors.ts'
import { planSamples } from '../harness/plan-samples.ts'
import { createJudge } from '../scoring/judge/create-judge.ts'
import { checkRequirements, requirementError } from '../requirements/index.ts'

export interface PreflightOptions {
  /** --pull: fetch container images the selected samples need and the runtime lacks. */
  pull?: boolean
  /** -t: only samples whose test name matches run (counts and images follow it). */
  testNamePattern?: RegExp
}

export interface PreflightResult {
  /** Selected samples per run (before chunking and resume). */
  counts: Map<ResolvedRun, number>
  /** With a test-name pattern (-t): the selected samples whose test name matches (what will run). */
  matching: Map<ResolvedRun, number>
  warnings: string[]
}

/**
 * Everything that can be wrong with the input is found here, before any model call: unwritable output,
 * software the benchmark needs and this machine lacks (a container runtime, a harness), endpoint down or model not
 * served, judge missing for a judged benchmark, dataset missing/gated/unknown split, a sample's image missing.
 */
export async function preflight(runs: ResolvedRun[], log: (line: string) => void, o: PreflightOptions = {}): Promise<PreflightResult> {
  const warnings: string[] = []
  for (const dir of new Set(runs.map((r) => dirname(r.outputPath)))) {
    try {
      mkdirSync(dir, { recursive: true })
      accessSync(dir, constants.W_OK)
    } catch {
      throw new JarvisError('JARVIS_OUTPUT', `output directory ${dir} is not writable. Choose another with --output-dir/-o or [run] output_dir.`)
    }
  }
  await checkBenchmarkRequirements(runs, warnings, log)
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
    // A custom dataset's judge: always for scorer = "judge", the fallback of an unreadable letter for mcq (as the
    // registered MCQ benchmarks), never for exact.
    const needs = r.dataset ? ({ judge: 'always', mcq: 'fallback', exact: 'never' } as const)[r.scorer ?? 'exact'] : findBenchmark(r.benchmark)?.needs.judge
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
  const matching = new Map<ResolvedRun, number>()
  for (const r of runs) {
    const def = await loadDefinition(r)
    const plan = await planSamples(def, { ...r, chunk: null, skipIdsFile: null }, (m) => log(`${r.benchmark}: ${m}`))
    counts.set(r, plan.selectedCount)
    const name = describeNameFor(r.benchmark, r.modelSlug)
    const matched = o.testNamePattern ? plan.samples.filter((s) => o.testNamePattern!.test(`${name} ${s.record_id}`)) : plan.samples
    matching.set(r, o.testNamePattern ? matched.length : plan.selectedCount)
    // Only what this run will execute: a -t filter must not demand images of samples it skips.
    if (def.prepare && matched.length) await def.prepare(matched, { pull: o.pull ?? false, log: (m) => log(`${r.benchmark}: ${m}`) })
    log(`${r.benchmark}: ${plan.selectedCount} samples selected (seed ${r.seed})`)
  }
  return { counts, matching, warnings }
}

/**
 * What each benchmark needs from this machine, probed for real (the engine answers, the package imports), before
 * any endpoint is contacted. Missing: one JARVIS_REQUIREMENT line. Missing for scoring only: a warning.
 */
async function checkBenchmarkRequirements(runs: ResolvedRun[], warnings: string[], log: (line: string) => void): Promise<void> {
  for (const key of new Set(runs.filter((r) => !r.dataset).map((r) => r.benchmark))) {
    const entry = findBenchmark(key)
    if (!entry) continue
    const { requires = [], scoringRequires = [], external } = entry.needs
    const have = await checkRequirements(requires)
    const err = requirementError(key, have)
    if (err) throw err
    for (const s of have) log(`${key}: ${s.label}: ${s.detail}`)
    if (isExternal(entry))
      throw new JarvisError('JARVIS_UNSUPPORTED', `${key} runs in its own harness, which jarvis-evals only checks for (all found here); run it there: ${external}.`)
    const scoring = requirementError(`${key} scoring`, await checkRequirements(scoringRequires))
    if (scoring) warnings.push(`${scoring.message} The samples run and are unscored.`)
  }
}
