import type { RunSummary, SampleResult } from '../core/sample-result.ts'
import type { Tracker, TrackerConfig, TrackerLog, TrackerRunInfo } from './types.ts'

export type { Tracker, TrackerConfig, TrackerLog, TrackerRunInfo } from './types.ts'

export interface Trackers {
  readonly names: string[]
  onRunStart(info: TrackerRunInfo): Promise<void>
  onResult(r: SampleResult): Promise<void>
  onSummary(s: RunSummary): Promise<void>
  onRunEnd(): Promise<void>
}

/**
 * The trackers [run] asks for (wandb_project → Weights & Biases, sheets_spreadsheet_id → Google Sheets).
 * Each is imported only when configured; none can fail a run: a tracker that errors logs one line and is
 * switched off for the rest of the run (so a dead server costs one timeout, not one per sample).
 * Create one set per run (benchmark × model), as OpenJarvis builds its trackers per run: a W&B run each.
 */
export async function createTrackers(config: TrackerConfig, log: TrackerLog, env: NodeJS.ProcessEnv = process.env): Promise<Trackers> {
  const list: Tracker[] = []
  if (config.wandb_project) {
    const { WandbTracker } = await import('./wandb-tracker.ts')
    list.push(new WandbTracker(config, env))
  }
  if (config.sheets_spreadsheet_id) {
    const { SheetsTracker } = await import('./sheets-tracker.ts')
    list.push(new SheetsTracker(config, env))
  }
  const dead = new Set<string>()
  const each = async (hook: (t: Tracker) => Promise<void>) => {
    await Promise.all(
      list.map(async (t) => {
        if (dead.has(t.name)) return
        try {
          await hook(t)
        } catch (e) {
          dead.add(t.name)
          log(`${t.name}: ${(e as Error).message}; tracking is off for the rest of this run (results are unaffected).`)
        }
      }),
    )
  }
  return {
    names: list.map((t) => t.name),
    onRunStart: (info) => each((t) => t.onRunStart(info)),
    onResult: (r) => each((t) => t.onResult(r)),
    onSummary: (s) => each((t) => t.onSummary(s)),
    onRunEnd: () => each((t) => t.onRunEnd()),
  }
}
