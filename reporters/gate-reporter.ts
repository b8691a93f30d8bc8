import { existsSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { Reporter, SerializedError, TestModule, TestRunEndReason, Vitest } from 'vitest/node'
import { modelSlug } from '../src/config/slug.ts'
import { gate, type GateOptions, type GateVerdict } from '../src/results/gate.ts'
import { isJarvisError } from '../src/core/errors.ts'
import { formatGateVerdict } from '../src/report/gate-text.ts'
import { GATE_ONLY_EXIT, gateOnlyOutcome, harnessFailures } from './gate-exit.ts'
import type { SampleResult } from '../src/core/sample-result.ts'

export interface GateReporterOptions extends GateOptions {
  /** Baselines named like the run's outputs: `{baselineDir}/{benchmark}_{model-slug}.jsonl` (see outputPattern). */
  baselineDir?: string
  /** Explicit file pairs (candidate = a JSONL another reporter wrote during this run). */
  pairs?: { baseline: string; candidate: string }[]
  /**
   * Baseline file name for a run: {benchmark} and {model} (slugged: / and : → -). Default: the file name of
   * the run's own output (`meta().jarvisOutput`, as the JsonlReporter writes it), else "{benchmark}_{model}.jsonl".
   */
  outputPattern?: string | ((benchmark: string, model: string) => string)
  /** process.exitCode on a regression (default 1, what Vitest uses for failed tests; 3 with gateOnly). */
  failExitCode?: number
  /** Fail the run when a run has no baseline file (default false: note it and move on). */
  requireBaseline?: boolean
  /**
   * The exit code is the gate's verdict alone (env JARVIS_GATE_ONLY=1): 0 pass, 3 regression, 2 the gate could
   * not compare (or gated nothing), 1 when something failed that is not a wrong answer (an inference error, a
   * module or dataset that did not load, an unhandled error). Wrong answers are failed tests, but they are
   * what the gate weighs, so they no longer make `vitest run` exit 1. An interrupted run keeps Vitest's code.
   */
  gateOnly?: boolean
}

/**
 * Runs the regression gate at the end of `vitest run`. Candidates come from each test's `meta().jarvis`
 * (one SampleResult per sample, grouped by benchmark × model) and from `pairs`. A regression prints the
 * verdict and sets process.exitCode, which Vitest's CLI keeps: it exits through process.exit() with the
 * code already set (it sets 1 itself before onTestRunEnd only when tests failed, and never lowers it).
 * A gate that cannot pair the runs (different samples or settings) sets exit code 2, not a regression.
 */
export class GateReporter implements Reporter {
  /** The verdicts of the last run, for programmatic callers. */
  verdicts: { name: string; verdict: GateVerdict | null; error?: string }[] = []
  private vitest: Vitest | null = null

  constructor(private readonly options: GateReporterOptions = {}) {}

  onInit(vitest: Vitest): void {
    this.vitest = vitest
  }

  private log(line: string) {
    if (this.vitest) this.vitest.logger.log(line)
    else console.log(line)
  }

  private fileFor(benchmark: string, model: string, output: string | null): string {
    if (!this.options.outputPattern && output) return basename(output)
    const p = this.options.outputPattern ?? '{benchmark}_{model}.jsonl'
    return typeof p === 'function' ? p(benchmark, model) : p.replaceAll('{benchmark}', benchmark).replaceAll('{model}', modelSlug(model))
  }

  async onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError> = [], reason?: TestRunEndReason): Promise<void> {
    this.verdicts = []
    this.refused = false
    const jobs: { name: string; baseline: string; candidate: string | { results: SampleResult[]; summary: { seed: number | null }; label: string } }[] = []
    const groups = collectResults(testModules)
    for (const { benchmark, model, output, seed, results } of groups.values()) {
      const name = this.fileFor(benchmark, model, output)
      const baseline = this.options.baselineDir ? join(this.options.baselineDir, name) : null
      if (!baseline || !existsSync(baseline)) {
        if (this.options.baselineDir) this.note(`Gate: no baseline ${baseline} for ${benchmark} / ${model}${this.options.requireBaseline ? '' : '; skipped'}`, this.options.requireBaseline)
        continue
      }
      jobs.push({ name, baseline, candidate: { results, summary: { seed }, label: `${name} (this run)` } })
    }
    // A sibling reporter may still be flushing its last line: let pending I/O callbacks run first.
    if (this.options.pairs?.length) await new Promise((r) => setImmediate(r))
    for (const p of this.options.pairs ?? []) jobs.push({ name: p.candidate, baseline: p.baseline, candidate: p.candidate })

    for (const job of jobs) {
      try {
        const v = await gate(job.baseline, job.candidate, this.options)
        this.verdicts.push({ name: job.name, verdict: v })
        this.log('')
        for (const line of formatGateVerdict(v)) this.log(line)
        if (v.verdict === 'fail' && !this.options.gateOnly) setExit(this.options.failExitCode ?? 1)
      } catch (e) {
        if (!isJarvisError(e)) throw e
        this.verdicts.push({ name: job.name, verdict: null, error: e.message })
        this.note(`Gate: ERROR — ${e.message}`, true)
      }
    }
    if (this.options.gateOnly && reason !== 'interrupted') {
      const gated = this.verdicts.map((v) => v.verdict?.verdict ?? ('refused' as const))
      if (this.refused) gated.push('refused') // a required baseline was missing
      const outcome = gateOnlyOutcome(gated, harnessFailures(testModules, unhandledErrors), this.options.failExitCode ?? GATE_ONLY_EXIT.fail)
      this.log('')
      this.log(outcome.line)
      // Replaces the 1 Vitest set for failed tests (it sets it before onTestRunEnd and exits with it afterwards).
      process.exitCode = outcome.code
    }
  }

  /** A refusal this run: the gate could not pair two runs, or a required baseline was missing. */
  private refused = false

  private note(line: string, fails = false) {
    this.log(line)
    if (!fails) return
    this.refused = true
    if (!this.options.gateOnly) setExit(2)
  }
}

/** Never lower an exit code Vitest (or another reporter) already set. */
function setExit(code: number) {
  if (!process.exitCode) process.exitCode = code
}

interface CandidateGroup {
  benchmark: string
  model: string
  /** The run's JSONL path (meta().jarvisOutput), when the harness set it. */
  output: string | null
  /** The run's seed, from the project's provided context (as the JsonlReporter reads it). */
  seed: number | null
  results: SampleResult[]
}

/** SampleResults from test meta, grouped by output file (else benchmark × model), in test order. */
export function collectResults(testModules: ReadonlyArray<TestModule>): Map<string, CandidateGroup> {
  const groups = new Map<string, CandidateGroup>()
  for (const m of testModules) {
    for (const t of m.children.allTests()) {
      const meta = t.meta() as { jarvis?: SampleResult; jarvisOutput?: string }
      const r = meta.jarvis
      if (!r || typeof r.record_id !== 'string') continue
      const output = typeof meta.jarvisOutput === 'string' ? meta.jarvisOutput : null
      const key = output ?? `${r.benchmark}\u0000${r.model}`
      let g = groups.get(key)
      if (!g) {
        const provided = (t.project.config as { provide?: { jarvis?: { runs?: Record<string, { seed?: number }> } } }).provide
        g = { benchmark: r.benchmark, model: r.model, output, seed: provided?.jarvis?.runs?.[r.benchmark]?.seed ?? null, results: [] }
        groups.set(key, g)
      }
      g.results.push(r)
    }
  }
  return groups
}
