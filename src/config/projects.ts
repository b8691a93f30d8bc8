import type { TestProjectInlineConfiguration } from 'vitest/config'
import type { PoolRunnerInitializer } from 'vitest/node'
import { pathToFileURL } from 'node:url'
import { bundlePlugin, checkedBundle } from '../../bin/bundle.mjs'
import { partFiles } from './part-files.ts'
import type { ProjectContext, ResolvedRun } from './resolved-run.ts'

/** The eval file of a benchmark; custom local-file benchmarks share one generic file. */
export const evalFileFor = (run: Pick<ResolvedRun, 'benchmark' | 'dataset'>): string =>
  run.dataset ? 'evals/custom/custom.eval.ts' : `evals/${run.benchmark}/${run.benchmark}.eval.ts`

/**
 * The describe of a run's tests: the benchmark and the model, so two models' tests of one file have distinct
 * full names (JUnit classname + name, `-t` patterns); each test inside is named by its record id.
 */
export const describeNameFor = (benchmark: string, modelSlug: string): string => `${benchmark} @ ${modelSlug}`

/** Vitest's defaults (5 s) are far too short for model calls; the sample's own timeout is query_timeout. */
export const EVAL_TEST_TIMEOUT_MS = 24 * 3600_000

/**
 * Every model project's worker execArgv: the workers' preload once this process has the bundle (the CLI; a plain
 * `vitest run` checks the bundle later, so its workers load the harness with the test file as before), then
 * JARVIS_WORKER_EXECARGV, for profiling ("--cpu-prof --cpu-prof-dir=/tmp/prof"). The same for every project and
 * suite, so the CLI can fork the first worker before it has read the suite (cli/spare-worker.ts).
 */
export function workerExecArgv(env: NodeJS.ProcessEnv = process.env): string[] {
  const preload = checkedBundle()?.workerPreload()
  return [...(preload ? ['--import', pathToFileURL(preload).href] : []), ...(env.JARVIS_WORKER_EXECARGV ? env.JARVIS_WORKER_EXECARGV.split(' ') : [])]
}

/** The runs of each model project, by slug, in the order of the runs. */
export function runsBySlug(runs: readonly ResolvedRun[]): Map<string, ResolvedRun[]> {
  const bySlug = new Map<string, ResolvedRun[]>()
  for (const r of runs) bySlug.set(r.modelSlug, [...(bySlug.get(r.modelSlug) ?? []), r])
  return bySlug
}

/** One Vitest project per model (named by its slug) holding that model's row of the matrix. `pool`: the CLI's (cli/spare-worker.ts). */
export function modelProjects(runs: readonly ResolvedRun[], root?: string, o: { provide?: boolean; pool?: PoolRunnerInitializer } = {}): TestProjectInlineConfiguration[] {
  return [...runsBySlug(runs).entries()].map(([slug, rs]) => {
    const execArgv = workerExecArgv()
    const ctx: ProjectContext = { runs: Object.fromEntries(rs.map((r) => [r.benchmark, r])) }
    // maxConcurrency only lets tests start; the backend fixture's semaphore bounds requests in flight.
    // Extra headroom lets scoring (judge calls, sandboxes) overlap with inference.
    const maxWorkers = Math.max(...rs.map((r) => r.maxWorkers))
    return {
      extends: true,
      // The workers import the eval files' bundled copies (bin/bundle.mjs): no per-module transform at start.
      plugins: [bundlePlugin()],
      test: {
        name: slug,
        include: [...new Set(rs.flatMap((r) => (r.parts > 1 && root ? partFiles(root, r.benchmark, r.parts) : [evalFileFor(r)])))],
        ...(o.provide === false ? {} : { provide: { jarvis: ctx } }),
        // --concurrency above that lets more samples start; below it, run-benchmark's semaphore holds them.
        maxConcurrency: Math.max(5, maxWorkers * 2, ...rs.map((r) => r.concurrency ?? 0)),
        testTimeout: EVAL_TEST_TIMEOUT_MS,
        hookTimeout: EVAL_TEST_TIMEOUT_MS,
        sequence: { concurrent: true },
        ...(process.env.JARVIS_POOL ? { pool: process.env.JARVIS_POOL as 'threads' | 'forks' } : o.pool ? { pool: o.pool } : {}),
        ...(execArgv.length ? { execArgv } : {}),
      },
    }
  })
}

export const UNIT_PROJECT: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'unit',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts', 'evals/**/*.test.ts', 'reporters/**/*.test.ts', 'bench/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
}
