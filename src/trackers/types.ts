import type { RunConfig } from '../config/schema.ts'
import type { RunSummary, SampleResult } from '../core/sample-result.ts'

/** The [run] keys trackers read (CLI --wandb-* / --sheets-* override them before this point). */
export type TrackerConfig = Partial<
  Pick<RunConfig, 'wandb_project' | 'wandb_entity' | 'wandb_tags' | 'wandb_group' | 'sheets_spreadsheet_id' | 'sheets_worksheet' | 'sheets_credentials_path'>
>

/** What OpenJarvis puts in wandb.init(config=…): the run's settings. */
export interface TrackerRunInfo {
  benchmark: string
  model: string
  backend: string
  max_samples?: number | null
  max_workers?: number
  temperature?: number
  max_tokens?: number
  seed?: number | null
  agent_name?: string
  tools?: string[]
  engine_key?: string
}

/** A tracker never throws: each hook swallows and logs its own failure. */
export interface Tracker {
  readonly name: string
  onRunStart(info: TrackerRunInfo): Promise<void>
  onResult(r: SampleResult): Promise<void>
  onSummary(s: RunSummary): Promise<void>
  onRunEnd(): Promise<void>
}

export type TrackerLog = (line: string) => void
