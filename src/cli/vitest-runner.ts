import v8 from 'node:v8'
import vm from 'node:vm'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Reporter, TestSpecification } from 'vitest/node'
import type { ProjectContext, ResolvedRun } from '../config/resolved-run.ts'
import { evalFileFor, modelProjects } from '../config/projects.ts'
import { sparePool, type SpareWorker } from './spare-worker.ts'
import { loadVitestNode } from '../../bin/vendor-vitest.mjs'

export const PACKAGE_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)))

export interface VitestOpenOptions {
  /** The runs whose projects Vitest holds (their samples are provided per chunk, in VitestChunkOptions). */
  runs: ResolvedRun[]
  reporters: Reporter[]
  /** -t: only tests whose full name matches (Vitest's testNamePattern). */
  testNamePattern?: RegExp
  /** A test worker the CLI forked early (spare-worker.ts): the first one Vitest starts adopts it. */
  spare?: SpareWorker
}

export interface VitestChunkOptions {
  /** The runs to execute (the opened runs, as prepared for this execution: same benchmarks and models). */
  runs: ResolvedRun[]
  /** Selected samples per run (all chunks). */
  counts: Map<ResolvedRun, number>
  /** Samples registered per Vitest run: keeps the worker's and Vitest's per-test memory flat as N grows. */
  chunkSize: number
  /** Each run's records, one file per chunk (harness/plan-file.ts); without one the workers select them. */
  planFiles?: Map<ResolvedRun, string[]>
  onChunk?: (index: number, of: number) => void
  /** Checked between chunks: true = run no further chunk (a results write failed). */
  stop?: () => boolean
}

export interface VitestRunOutcome {
  unhandledErrors: number
  failedToLoad: string[]
}

/** Vitest created with the runs' model projects, its test files found; runs samples in chunks, then is closed. */
export interface VitestSession {
  /** The CLI's Ctrl-C handler cancels the run through it. */
  vitest: import('vitest/node').Vitest
  run(o: VitestChunkOptions): Promise<VitestRunOutcome>
  close(): Promise<void>
}

/**
 * Creates Vitest through its Node API with the model projects built here, from the resolved runs (no config file,
 * no hand-off through files or env: the runs flow one way, CLI → projects → per-chunk `provide`). Needs no
 * selection yet: the CLI opens it while preflight selects the samples (run.ts).
 */
export async function openVitest(o: VitestOpenOptions): Promise<VitestSession> {
  const { createVitest, ForksPoolWorker } = await loadVitestNode()
  // clearScreen: false — Vitest (and Vite under it) may clear the terminal, which would wipe the CLI's header.
  // The projects carry no runs: each chunk below provides its own slice (the one owner of ProjectContext).
  const projects = modelProjects(o.runs, PACKAGE_ROOT, { provide: false, ...(o.spare ? { pool: sparePool(ForksPoolWorker, o.spare) } : {}) })
  const vitest = await createVitest('test', { config: false, root: PACKAGE_ROOT, projects, watch: false, reporters: o.reporters, passWithNoTests: true, clearScreen: false, ...(o.testNamePattern ? { testNamePattern: o.testNamePattern } : {}) }, {})
  let specs: TestSpecification[]
  try {
    await vitest.standalone()
    specs = await vitest.globTestSpecifications()
    // Transform the eval files (one import line each: bin/bundle.mjs) now, not when the worker asks for them.
    for (const s of specs) void s.project.vite.environments.ssr?.warmupRequest(s.moduleId)
  } catch (e) {
    await vitest.close()
    throw e
  }
  // Closed once: the CLI closes it after the run, or when preflight stops the run first.
  let closing: Promise<void> | null = null
  return { vitest, run: (c) => runChunks(vitest, specs, c), close: () => (closing ??= vitest.close()) }
}

/**
 * Large runs go in chunks: the same eval files run again with the next slice of samples provided to their project
 * (Vitest's per-test memory is ~35 KB and grows with the tests registered, so one file of 100,000 tests needs
 * gigabytes).
 */
async function runChunks(vitest: import('vitest/node').Vitest, specs: TestSpecification[], o: VitestChunkOptions): Promise<VitestRunOutcome> {
  const outcome: VitestRunOutcome = { unhandledErrors: 0, failedToLoad: [] }
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
    // Again for a later chunk, should Vite have let a transform go.
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
