import type { PriceOverrides } from '../engines/pricing.ts'
import type { LocalDatasetConfig } from './schema.ts'

/**
 * One cell of the models × benchmarks matrix with every setting merged (benchmark > model > [defaults] >
 * built-ins). It travels to Vitest workers through `provide`, so it holds no secret: API keys stay in env.
 */
export interface ResolvedRun {
  suiteName: string
  benchmark: string
  model: string
  modelSlug: string
  /** A local .gguf model resolved to a file (relative paths: the working directory, then the TOML's folder). */
  modelFile: string | null
  /** Engine key after auto-resolution (never "auto"). */
  engine: string
  backend: string
  /** jarvis-agent: the agent (orchestrator, simple, react …); null = the backend's default. */
  agent: string | null
  /** Tools offered to the model (tools registry names). */
  tools: string[]
  /** MCP servers (argv each) whose tools are offered beside `tools`: `--tools mcp:…`, `mcp_servers`. */
  mcpServers: string[][]
  /** Agent turns at most per sample; null = the backend's default. */
  maxTurns: number | null
  /** Agents: completion tokens per sample over all turns; null = no budget. */
  tokenBudget: number | null
  /** Episode mode: true/false when asked (--episode-mode, [[benchmarks]] episode_mode); null = auto (the benchmark has episodes). */
  episodeMode: boolean | null
  /** Samples in flight at most (--concurrency, [run] concurrency); null = from max_workers. */
  concurrency: number | null
  /** Pinned endpoint for OpenAI-compatible engines (from --base-url, env or [[models]] base_url). */
  baseUrl: string | null
  temperature: number
  maxTokens: number
  maxSamples: number | null
  split: string | null
  subset: string | null
  recordIds: string[] | null
  seed: number
  maxWorkers: number
  /** Absolute path of the JSONL; the summary goes to `${outputPath}.summary.json`. */
  outputPath: string
  judge: {
    model: string
    engine: string
    baseUrl: string | null
    temperature: number
    maxTokens: number
    maxWorkers: number
    /** The suite's [pricing] overrides, for a cloud judge's cost. */
    prices?: PriceOverrides
  }
  /**
   * Conversational benchmarks (taubench): the simulated user, a second model with its own engine settings
   * ([user_simulator], [benchmarks.user_simulator]); created like the judge. Absent in hand-built runs.
   */
  userSimulator?: ResolvedRun['judge']
  /** [benchmarks.options]: benchmark-specific settings as strings (the registry lists each benchmark's keys). */
  options?: Record<string, string>
  /** The suite's [pricing] overrides (model name or prefix → USD per 1M tokens); the built-in table otherwise. */
  prices: PriceOverrides
  telemetry: boolean
  gpuMetrics: boolean
  warmupSamples: number
  energyVendor: string
  hardware: {
    paramCountB: number
    activeParamsB: number | null
    gpuPeakTflops: number
    gpuPeakBandwidthGbS: number
    numGpus: number
  }
  queryTimeoutS: number | null
  maxRetries: number
  threads: number | null
  contextSize: number | null
  resume: boolean
  cache: boolean
  /** Custom local-file benchmarks only. */
  dataset: LocalDatasetConfig | null
  scorer: 'mcq' | 'exact' | 'judge' | null
  category: string | null
  /** Which slice of the selected samples this Vitest run registers (the CLI's chunking), or null for all. */
  chunk: { index: number; size: number } | null
  /** Record ids already complete in the output (resume): registered as skipped, not re-run. */
  skipIdsFile: string | null
  /**
   * This Vitest run's records, written by the CLI from preflight's one load (harness/plan-file.ts): the worker
   * reads them instead of loading and selecting the dataset again. Null: the worker selects them itself.
   */
  planFile: string | null
  /** Eval files the benchmark's samples are spread over (by a hash of the record id), so --shard can split it. */
  parts: number
}

/** What each model project provides to its workers. */
export interface ProjectContext {
  runs: Record<string, ResolvedRun>
}

declare module 'vitest' {
  export interface ProvidedContext {
    jarvis: ProjectContext
  }
}
