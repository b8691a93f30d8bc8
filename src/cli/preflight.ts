import { accessSync, constants, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { findBenchmark, isExternal, loadDefinition } from '../../evals/registry.ts'
import { findBackend } from '../backends/index.ts'
import { describeNameFor } from '../config/projects.ts'
import type { ResolvedRun } from '../config/resolved-run.ts'
import { createEngine } from '../engines/index.ts'
import { JarvisError } from '../core/errors.ts'
import { selectInThread, selectsInThread } from './select-in-thread.ts'
import { selectRun } from './select-run.ts'
import { createJudge } from '../scoring/judge/create-judge.ts'
import { priceFor } from '../engines/pricing.ts'
import { checkAgentNeeds, checkMcpServers } from './preflight-agent.ts'
import { checkRequirements, requirementError } from '../requirements/index.ts'
import { requirementApplies } from '../core/requirement.ts'

export interface PreflightOptions {
  /** --pull: fetch container images the selected samples need and the runtime lacks. */
  pull?: boolean
  /** -t: only samples whose test name matches run (counts and images follow it). */
  testNamePattern?: RegExp
  /** Write each run's chunks to plan files in `dir` (the CLI hands them to the workers, so none loads it again). */
  plan?: { dir: string; chunkSize: number }
  /**
   * Work to do while the samples are selected (the CLI creates Vitest): with cores to spare, every run whose
   * benchmark prepares nothing is then selected in a worker thread, so both go on at once (select-in-thread.ts).
   * Preflight returns once both have ended and throws the first failure.
   */
  meanwhile?: () => Promise<unknown>
}

export interface PreflightResult {
  /** Selected samples per run (before chunking and resume). */
  counts: Map<ResolvedRun, number>
  /** Selected record ids → their digests (prompt + reference), per run: resume keeps only lines that still match. */
  selections: Map<ResolvedRun, Map<string, string>>
  /** With a test-name pattern (-t): the selected samples whose test name matches (what will run). */
  matching: Map<ResolvedRun, number>
  /** With `plan`: each run's plan files, one per chunk, in chunk order. */
  planFiles: Map<ResolvedRun, string[]>
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
    // External agents (hermes, openclaw): their install, the pin and the model at their endpoint.
    const probe = findBackend(r.backend)?.probe
    if (probe) {
      const key = `${r.backend}|${r.engine}|${r.model}|${r.baseUrl ?? ''}`
      if (checked.has(key)) continue
      checked.add(key)
      log(await probe(r))
      continue
    }
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
  await checkUserSimulators(runs, log)
  warnings.push(...(await checkJudges(runs)))
  warnings.push(...unpricedWarnings(runs))
  const counts = new Map<ResolvedRun, number>()
  const matching = new Map<ResolvedRun, number>()
  const selections = new Map<ResolvedRun, Map<string, string>>()
  await checkMcpServers(runs, log)
  const planFiles = new Map<ResolvedRun, string[]>()
  const overlap = o.meanwhile !== undefined
  const selectAll = async () => {
    for (const [i, r] of runs.entries()) {
      const def = await loadDefinition(r)
      checkAgentNeeds(r, def)
      const name = describeNameFor(r.benchmark, r.modelSlug)
      const plan = o.plan && { ...o.plan, name: `run-${i}` }
      const job = { run: r, testNamePattern: o.testNamePattern, testName: name, plan }
      const rlog = (m: string) => log(`${r.benchmark}: ${m}`)
      // A benchmark that prepares its samples (images) needs their records here; a large local file (or any, beside
      // Vitest's start-up on a machine with cores to spare) goes to a thread.
      const got = !def.prepare && selectsInThread(r, process.env, { overlap }) ? { ...(await selectInThread(job, rlog)), matched: [] } : await selectRun(def, job, rlog)
      if (got.selectedCount === 0) throw emptySelection(r)
      counts.set(r, got.selectedCount)
      selections.set(r, new Map(got.digests))
      matching.set(r, got.matching)
      if (plan) planFiles.set(r, got.planFiles)
      // Only what this run will execute: a -t filter must not demand images of samples it skips.
      if (def.prepare && got.matched.length) await def.prepare(got.matched, { pull: o.pull ?? false, options: r.options ?? {}, log: rlog })
      log(`${r.benchmark}: ${got.selectedCount} samples selected (seed ${r.seed})`)
    }
  }
  const [selected, beside] = await Promise.allSettled([selectAll(), o.meanwhile?.()])
  if (selected.status === 'rejected') throw selected.reason
  if (beside.status === 'rejected') throw beside.reason
  return { counts, matching, selections, planFiles, warnings }
}

function emptySelection(r: ResolvedRun): JarvisError {
  if (r.dataset) return new JarvisError('JARVIS_DATASET', `${r.benchmark}: ${r.dataset.path} has no data rows; nothing to evaluate. Add rows under the header (one record per row or line), or point [benchmarks.dataset] path at the right file.`)
  const where = [r.split && `split "${r.split}"`, r.subset && `subset "${r.subset}"`].filter(Boolean).join(', ')
  return new JarvisError('JARVIS_DATASET', `${r.benchmark}: the dataset has no records${where ? ` in ${where}` : ''}; nothing to evaluate. Check --split / subset, or the dataset's files.`)
}

/**
 * One line per cloud model (inference, or the judge of a judged benchmark) that neither the price table nor the
 * suite's [pricing] knows: its cost_usd is 0. A warning, never an error: a new model must not stop a run.
 */
export function unpricedWarnings(runs: readonly ResolvedRun[]): string[] {
  const missing = new Set<string>()
  for (const r of runs) {
    if (r.engine === 'cloud' && !priceFor(r.model, r.prices)) missing.add(r.model)
    if (judgeNeed(r) !== 'never' && r.judge.engine === 'cloud' && !priceFor(r.judge.model, r.judge.prices ?? r.prices)) missing.add(r.judge.model)
  }
  return [...missing].map((m) => `no price known for cloud model "${m}": its cost_usd is 0. Add [pricing."${m}"] with input_per_million and output_per_million (USD) to the TOML.`)
}

type JudgeNeed = 'always' | 'fallback' | 'never'

/**
 * When a run asks its judge. A custom dataset's: always for scorer = "judge", the fallback of an unreadable
 * letter for mcq (as the registered MCQ benchmarks), never for exact.
 */
const judgeNeed = (r: ResolvedRun): JudgeNeed =>
  r.dataset ? ({ judge: 'always', mcq: 'fallback', exact: 'never' } as const)[r.scorer ?? 'exact'] : (findBenchmark(r.benchmark)?.needs.judge ?? 'never')

/**
 * Each distinct judge, asked once whether it can be reached. Unreachable: a benchmark that cannot score without
 * it is bad input (exit 2); one with a keyword heuristic, or a regex fast path, runs with one warning line.
 */
async function checkJudges(runs: readonly ResolvedRun[]): Promise<string[]> {
  const byJudge = new Map<string, { cfg: ResolvedRun['judge']; runs: ResolvedRun[] }>()
  for (const r of runs) {
    if (judgeNeed(r) === 'never') continue
    const key = JSON.stringify(r.judge)
    byJudge.set(key, { cfg: r.judge, runs: [...(byJudge.get(key)?.runs ?? []), r] })
  }
  const warnings: string[] = []
  for (const { cfg, runs: rs } of byJudge.values()) {
    const judge = await createJudge(cfg, { maxRetries: 0 })
    if (judge.available) continue
    const heuristic = (r: ResolvedRun) => !r.dataset && findBenchmark(r.benchmark)?.needs.heuristic === true
    const blocked = rs.find((r) => judgeNeed(r) === 'always' && !heuristic(r))
    if (blocked) throw new JarvisError('JARVIS_ENDPOINT_UNREACHABLE', `${blocked.benchmark} needs an LLM judge, but judge ${cfg.model} is unavailable: ${judge.unavailableReason} Use --judge-model/--judge-engine or [judge] to pick a reachable one.`)
    const names = (f: (r: ResolvedRun) => boolean) => [...new Set(rs.filter(f).map((r) => r.benchmark))]
    const why = `judge ${cfg.model} unavailable (${judge.unavailableReason})`
    const byHeuristic = names(heuristic)
    const byRegex = names((r) => !heuristic(r))
    if (byHeuristic.length) warnings.push(`${why}; ${byHeuristic.join(', ')} ${byHeuristic.length > 1 ? 'are scored by their keyword heuristics' : 'is scored by its keyword heuristic'} instead (scoring_metadata.judge: "heuristic", counted in the summary's judge.heuristic_samples).`)
    if (byRegex.length) warnings.push(`${why}; ${byRegex.join(', ')} answers the regex cannot read will be unscored.`)
  }
  return warnings
}

/**
 * What each benchmark needs from this machine, probed for real (the engine answers, the package imports), before
 * any endpoint is contacted. Missing: one JARVIS_REQUIREMENT line. Missing for scoring only: a warning.
 */
async function checkBenchmarkRequirements(runs: ResolvedRun[], warnings: string[], log: (line: string) => void): Promise<void> {
  // Once per benchmark, subset and [benchmarks.options]: a subset has its own needs (lifelong-agent's db_bench a
  // MySQL server, its os_interaction a container runtime), and a data folder may be set in the options.
  const seen = new Set<string>()
  for (const run of runs.filter((r) => !r.dataset)) {
    const key = run.benchmark
    const options = run.options ?? {}
    const id = JSON.stringify([key, run.subset ?? '', options])
    if (seen.has(id)) continue
    seen.add(id)
    const entry = findBenchmark(key)
    if (!entry) continue
    const { requires: all = [], scoringRequires = [], external, defaultSubset } = entry.needs
    const requires = all.filter((q) => requirementApplies(q, run.subset, defaultSubset))
    const have = await checkRequirements(requires, process.env, options)
    const err = requirementError(key, have)
    if (err) throw err
    for (const s of have) log(`${key}: ${s.label}: ${s.detail}`)
    if (isExternal(entry))
      throw new JarvisError('JARVIS_UNSUPPORTED', `${key} runs in its own harness, which jarvis-evals only checks for (all found here); run it there: ${external}.`)
    const scoring = requirementError(`${key} scoring`, await checkRequirements(scoringRequires, process.env, options))
    if (scoring) warnings.push(`${scoring.message} The samples run and are unscored.`)
  }
}

/**
 * A conversational benchmark's second model (taubench's simulated user) must answer too: its engine is made and
 * asked for its model like the run's own, before any sample. Unreachable: one line, exit 2.
 */
async function checkUserSimulators(runs: readonly ResolvedRun[], log: (line: string) => void): Promise<void> {
  const checked = new Set<string>()
  for (const r of runs) {
    const u = r.userSimulator
    if (!u || r.dataset || !findBenchmark(r.benchmark)?.needs.userSimulator) continue
    const key = JSON.stringify([u.engine, u.model, u.baseUrl])
    if (checked.has(key)) continue
    checked.add(key)
    const fix = 'Set [user_simulator] model / base_url (or engine), or [benchmarks.user_simulator], to a reachable model.'
    let engine
    try {
      engine = await createEngine({ engine: u.engine, model: u.model, baseUrl: u.baseUrl, maxRetries: 0, maxSequences: 1 })
      await engine.checkModel(u.model)
    } catch (e) {
      throw new JarvisError('JARVIS_ENDPOINT_UNREACHABLE', `${r.benchmark} needs its user simulator, but ${u.model} is unavailable: ${(e as Error).message.replace(/\.?$/, '.')} ${fix}`)
    } finally {
      await engine?.close()
    }
    log(`${r.benchmark}: user simulator ${u.model}: ${engine.where}`)
  }
}
