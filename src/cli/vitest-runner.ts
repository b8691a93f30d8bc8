import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import v8 from 'node:v8'
import vm from 'node:vm'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Reporter, TestSpecification } from 'vitest/node'
import type { ProjectContext, ResolvedRun } from '../config/resolved-run.ts'
import { evalFileFor } from '../config/projects.ts'

export const PACKAGE_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)))

export interface VitestRunOptions {
  runs: ResolvedRun[]
  /** Selected samples per run (all chunks). */
  counts: Map<ResolvedRun, number>
  reporters: Reporter[]
  /** Samples registered per Vitest run: keeps the worker's and Vitest's per-test memory flat as N grows. */
  chunkSize: number
  onChunk?: (index: number, of: number) => void
}

export interface VitestRunOutcome {
  unhandledErrors: number
  failedToLoad: string[]
}

/**
 * Drives Vitest's Node API on the package's own vitest.config.ts. Large runs go in chunks: the same eval files
 * run again with the next slice of samples provided to their project (Vitest's per-test memory is ~35 KB and
 * grows with the tests registered, so one file of 100,000 tests needs gigabytes).
 */
export async function runVitest(o: VitestRunOptions): Promise<VitestRunOutcome> {
  const { createVitest } = await import('vitest/node')
  const dir = mkdtempSync(join(tmpdir(), 'jarvis-run-'))
  const runsFile = join(dir, 'runs.json')
  writeFileSync(runsFile, JSON.stringify(o.runs))
  const prevRuns = process.env.JARVIS_EVAL_RUNS
  const prevAppend = process.env.JARVIS_APPEND
  process.env.JARVIS_EVAL_RUNS = runsFile
  process.env.JARVIS_APPEND = '1'
  const slugs = [...new Set(o.runs.map((r) => r.modelSlug))]
  const outcome: VitestRunOutcome = { unhandledErrors: 0, failedToLoad: [] }
  const unmute = muteConfigLoaderNotice()
  const vitest = await createVitest(
    'test',
    {
      config: join(PACKAGE_ROOT, 'vitest.config.ts'),
      // Vite's module runner, not a rolldown bundle, loads the config: ~80 MB less resident memory.
      configLoader: 'runner',
      root: PACKAGE_ROOT, project: slugs, watch: false, reporters: o.reporters, passWithNoTests: true },
    {},
  )
  try {
    await vitest.standalone()
    const specs = await vitest.globTestSpecifications()
    const chunks = Math.max(1, ...o.runs.map((r) => Math.ceil((o.counts.get(r) ?? 0) / o.chunkSize)))
    for (let c = 0; c < chunks; c++) {
      const active = o.runs.filter((r) => (o.counts.get(r) ?? 0) > c * o.chunkSize)
      for (const project of vitest.projects) {
        const mine = active.filter((r) => r.modelSlug === project.name)
        const ctx: ProjectContext = { runs: Object.fromEntries(mine.map((r) => [r.benchmark, { ...r, chunk: chunks > 1 ? { index: c, size: o.chunkSize } : null }])) }
        project.provide('jarvis', ctx)
      }
      const chunkSpecs = specs.filter((s: TestSpecification) => active.some((r) => r.modelSlug === s.project.name && (s.moduleId.endsWith(evalFileFor(r)) || s.moduleId.includes(`/.jarvis/parts/${r.benchmark}/`))))
      o.onChunk?.(c, chunks)
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
    unmute()
    await vitest.close()
    rmSync(dir, { recursive: true, force: true })
    restoreEnv('JARVIS_EVAL_RUNS', prevRuns)
    restoreEnv('JARVIS_APPEND', prevAppend)
  }
  return outcome
}

/** Drops Vite's notice that the `runner` config loader (chosen above for memory) is deprecated in Vite 9. */
function muteConfigLoaderNotice(): () => void {
  const warn = console.warn
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('config loader is deprecated')) warn(...args)
  }
  return () => (console.warn = warn)
}

let gcFn: (() => void) | null = null
export function fullGc(): void {
  if (!gcFn) {
    v8.setFlagsFromString('--expose-gc')
    gcFn = vm.runInNewContext('gc') as () => void
  }
  gcFn()
}

function restoreEnv(k: string, v: string | undefined) {
  if (v === undefined) delete process.env[k]
  else process.env[k] = v
}
