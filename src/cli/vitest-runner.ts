import v8 from 'node:v8'
import vm from 'node:vm'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Reporter, TestSpecification } from 'vitest/node'
import type { ProjectContext, ResolvedRun } from '../config/resolved-run.ts'
import { evalFileFor, modelProjects } from '../config/projects.ts'

export const PACKAGE_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)))

export interface VitestRunOptions {
  runs: ResolvedRun[]
  /** Selected samples per run (all chunks). */
  counts: Map<ResolvedRun, number>
  reporters: Reporter[]
  /** Samples registered per Vitest run: keeps the worker's and Vitest's per-test memory flat as N grows. */
  chunkSize: number
  /** Each run's records, one file per chunk (harness/plan-file.ts); without one the workers select them. */
  planFiles?: Map<ResolvedRun, string[]>
  onChunk?: (index: number, of: number) => void
  /** Checked between chunks: true = run no further chunk (a results write failed). */
  stop?: () => boolean
  /** -t: only tests whose full name matches (Vitest's testNamePattern). */
  testNamePattern?: RegExp
  /** Called with Vitest once it is created (the CLI's Ctrl-C handler cancels the run through it). */
  onVitest?: (vitest: import('vitest/node').Vitest) => void
}

export interface VitestRunOutcome {
  unhandledErrors: number
  failedToLoad: string[]
}

/**
 * Drives Vitest's Node API with the model projects built here, from the resolved runs (no config file, no
 * hand-off through files or env: the runs flow one way, CLI → projects → per-chunk `provide`). Large runs go in
 * chunks: the same eval files run again with the next slice of samples provided to their project (Vitest's
 * per-test memory is ~35 KB and grows with the tests registered, so one file of 100,000 tests needs gigabytes).
 */
export async function runVitest(o: VitestRunOptions): Promise<VitestRunOutcome> {
  const { createVitest } = await import('vitest/node')
  const outcome: VitestRunOutcome = { unhandledErrors: 0, failedToLoad: [] }
  // clearScreen: false — Vitest (and Vite under it) may clear the terminal, which would wipe the CLI's header.
  // The projects carry no runs: each chunk below provides its own slice (the one owner of ProjectContext).
  const projects = modelProjects(o.runs, PACKAGE_ROOT, { provide: false })
  const vitest = await createVitest('test', { config: false, root: PACKAGE_ROOT, projects, watch: false, reporters: o.reporters, passWithNoTests: true, clearScreen: false, ...(o.testNamePattern ? { testNamePattern: o.testNamePattern } : {}) }, {})
  o.onVitest?.(vitest)
  try {
    await vitest.standalone()
    const specs = await vitest.globTestSpecifications()
    const chunks = Math.max(1, ...o.runs.map((r) => Math.ceil((o.counts.get(r) ?? 0) / o.chunkSize)))
    for (let c = 0; c < chunks && !o.stop?.(); c++) {
      const active = o.runs.filter((r) => (o.counts.get(r) ?? 0) > c * o.chunkSize)
      for (const project of vitest.projects) {
        const mine = active.filter((r) => r.modelSlug === project.name)
        const ctx: ProjectContext = { runs: Object.fromEntries(mine.map((r) => [r.benchmark, { ...r, chunk: chunks > 1 ? { index: c, size: o.chunkSize } : null, planFile: o.planFiles?.get(r)?.[c] ?? null }])) }
        project.provide('jarvis', ctx)
      }
      const chunkSpecs = specs.filter((s: TestSpecification) => active.some((r) => r.modelSlug === s.project.name && (s.moduleId.endsWith(evalFileFor(r)) || s.moduleId.includes(`/.jarvis/parts/${r.benchmark}/`))))
      o.onChunk?.(c, chunks)
      // Transform the eval files (one import line each: bin/bundle.mjs) while the worker process boots, instead
      // of when it asks for them.
      for (const s of chunkSpecs) void s.project.vite.environments.ssr?.warmupRequest(s.moduleId)
      const result = await vitest.runTestSpecifications(chunkSpecs, false)
      outcome.unhandledErrors += result.unhandledErrors.length
      // Each chunk leaves its test tree as garbage; V8 would let it pile up to hundreds of MB before a full
      // collection, so memory would grow with N. Collect between chunks to keep the peak flat.
      if (chunks > 1) fullGc()
      for (const m of result.testModules) {
        for (const e of m.errors()) outcome.failedToLoad.push(`${m.moduleId}: ${e.message}`)
        for (const t of m.children.allTests()) if (t.name.startsWith('load ') && t.result().state === 'failed') outcome.failedToLoad.push(t.result().errors?.[0]?.message ?? t.name)
      }
    }
  } finally {
    await vitest.close()
  }
  return outcome
}

let gcFn: (() => void) | null = null
export function fullGc(): void {
  if (!gcFn) {
    v8.setFlagsFromString('--expose-gc')
    gcFn = vm.runInNewContext('gc') as () => void
  }
  gcFn()
}
