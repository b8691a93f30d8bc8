import { appendFileSync } from 'node:fs'
import { inject, test } from 'vitest'
import type { ProjectContext, ResolvedRun } from '../config/resolved-run.ts'
import type { Judge } from '../core/judge.ts'
import { nullTelemetry, type Telemetry } from '../core/telemetry.ts'
import { EnvironmentScope } from '../environments/scope.ts'
import { telemetryPathFor } from '../results/run-files.ts'
import { createJudge } from '../scoring/judge/create-judge.ts'
import { BackendPool, ToolPool } from './pools.ts'

export interface WorkerFixtures {
  /** This model project's runs, keyed by benchmark. */
  jarvis: ProjectContext
  /** Backends by run (each over the worker's engine for its model: loaded once, requests bounded by max_workers). */
  backends: BackendPool
  /** Tools by the names a run gives. */
  tools: ToolPool
  /** Judges by config (a benchmark may override the judge model). */
  judges: JudgePool
  /** GPU energy/power for each sample's inference window. */
  telemetry: Telemetry
}

export interface TestFixtures {
  /** The sample's environments (work dir, later a container or a browser): closed when the test ends. */
  environments: EnvironmentScope
}

export class JudgePool {
  private readonly judges = new Map<string, Promise<Judge>>()
  constructor(private readonly maxRetries: number) {}
  get(cfg: ResolvedRun['judge']): Promise<Judge> {
    const key = JSON.stringify(cfg)
    let j = this.judges.get(key)
    if (!j) this.judges.set(key, (j = createJudge(cfg, { maxRetries: this.maxRetries })))
    return j
  }
}

/** Output paths of the runs this worker executed (a worker serves one eval file; custom files serve several). */
export const executedOutputs = new Set<string>()

// Suite-wide settings ([run], the project's model) are the same in every run of a project.
const firstRun = (ctx: ProjectContext): ResolvedRun => {
  const run = Object.values(ctx?.runs ?? {})[0]
  if (!run) throw new Error('jarvis: this Vitest project provides no runs; run it through a TOML suite (JARVIS_EVAL_CONFIG) or jarvis eval run.')
  return run
}

/** The worker's telemetry totals, appended next to each output it wrote (the summary reads them). */
function writeTotals(totals: Record<string, unknown>): void {
  for (const out of executedOutputs) {
    try {
      appendFileSync(telemetryPathFor(out), `${JSON.stringify(totals)}\n`)
    } catch {}
  }
}

const verbose = () => process.env.JARVIS_VERBOSE === '1'
const log = (line: string) => {
  if (verbose()) process.stderr.write(`[jarvis] ${line}\n`)
}

const TELEMETRY_OFF = 'telemetry off (enable with --telemetry or [run] telemetry = true)'

export const evalTest = test.extend<WorkerFixtures & TestFixtures>({
  jarvis: [async ({}, use) => use(inject('jarvis')), { scope: 'worker' }],
  backends: [
    async ({}, use) => {
      const pool = new BackendPool(log)
      await use(pool)
      await pool.close()
    },
    { scope: 'worker' },
  ],
  tools: [
    async ({}, use) => {
      const pool = new ToolPool()
      await use(pool)
      await pool.close()
    },
    { scope: 'worker' },
  ],
  judges: [async ({ jarvis }, use) => use(new JudgePool(firstRun(jarvis).maxRetries)), { scope: 'worker' }],
  telemetry: [
    async ({ jarvis }, use) => {
      const run = firstRun(jarvis)
      if (!run.telemetry && !run.gpuMetrics) {
        await use(nullTelemetry(TELEMETRY_OFF))
        return writeTotals({ note: TELEMETRY_OFF })
      }
      const { createTelemetry } = await import('../telemetry/create-telemetry.ts')
      const t = await createTelemetry({
        enabled: run.telemetry,
        gpuMetrics: run.gpuMetrics,
        energyVendor: run.energyVendor || '',
        numGpus: run.hardware.numGpus,
        engineScope: run.engine === 'llamacpp' ? 'in-process' : 'remote',
        log: (l: string) => process.stderr.write(`[jarvis] ${l}\n`),
      })
      await use(t)
      await t.close()
      writeTotals(t.totals())
    },
    { scope: 'worker' },
  ],
  environments: async ({}, use) => {
    const scope = new EnvironmentScope()
    try {
      await use(scope)
    } finally {
      await scope.closeAll()
    }
  },
})
