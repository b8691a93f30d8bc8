import { inject, test } from 'vitest'
import type { ProjectContext, ResolvedRun } from '../config/resolved-run.ts'
import { createJudge } from '../judge/create-judge.ts'
import { createBackend, type DirectBackend } from './backend.ts'
import { appendFileSync } from 'node:fs'
import { executedOutputs, telemetryPathFor } from './executed-runs.ts'
import { nullTelemetry } from './null-telemetry.ts'
import type { Judge, Telemetry } from './types.ts'

export interface WorkerFixtures {
  /** This model project's runs, keyed by benchmark. */
  jarvis: ProjectContext
  /** Inference for this worker's model: one engine, requests bounded by max_workers. */
  backend: DirectBackend
  /** Judges by config (a benchmark may override the judge model). */
  judges: JudgePool
  /** GPU energy/power for each sample's inference window. */
  telemetry: Telemetry
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

export const evalTest = test.extend<WorkerFixtures>({
  jarvis: [async ({}, use) => use(inject('jarvis')), { scope: 'worker' }],
  backend: [
    async ({ jarvis }, use) => {
      const backend = await createBackend(firstRun(jarvis), log)
      await use(backend)
      await backend.close()
    },
    { scope: 'worker' },
  ],
  judges: [async ({ jarvis }, use) => use(new JudgePool(firstRun(jarvis).maxRetries)), { scope: 'worker' }],
  telemetry: [
    async ({ jarvis }, use) => {
      const run = firstRun(jarvis)
      if (!run.telemetry && !run.gpuMetrics) {
        await use(nullTelemetry('telemetry off (enable with --telemetry or [run] telemetry = true)'))
        return writeTotals({ note: 'telemetry off (enable with --telemetry or [run] telemetry = true)' })
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
})
