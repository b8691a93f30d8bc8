import { z } from 'zod'
// A registry look-up: the backend keys are the backends registry's.
import { BACKEND_KEYS } from '../backends/index.ts'

// The TOML suite: the spec's Config Reference, every field and default.
// Objects are strict so a typo is an error with a did-you-mean, not a silently ignored key.

export const DEFAULT_JUDGE_MODEL = 'gpt-5-mini-2025-08-07'

const str = z.string()
const optStr = z.string().optional()
const nonNegInt = z.number().int().nonnegative()
const posInt = z.number().int().positive()
const temperature = z.number().min(0).max(2)

export const MetaSchema = z.strictObject({
  name: str.default(''),
  description: str.default(''),
})

export const DefaultsSchema = z.strictObject({
  temperature: temperature.default(0.0),
  max_tokens: posInt.default(2048),
})

export const JudgeSchema = z.strictObject({
  model: str.default(DEFAULT_JUDGE_MODEL),
  engine: optStr,
  provider: optStr,
  temperature: temperature.default(0.0),
  max_tokens: posInt.default(1024),
  /** Ours: a base URL for a local judge server (else the engine's host rules apply). */
  base_url: optStr,
  /** Ours: judge calls in flight at most, separate from inference. */
  max_workers: posInt.default(4),
})

/** Ours: the simulated user of conversational benchmarks (taubench) — a second model with its own engine, like the judge. */
export const DEFAULT_USER_SIMULATOR_MODEL = 'gpt-5-mini-2025-08-07'

export const UserSimulatorSchema = z.strictObject({
  /** OpenJarvis's default user model (tau2's own default is gpt-4.1). */
  model: str.default(DEFAULT_USER_SIMULATOR_MODEL),
  engine: optStr,
  base_url: optStr,
  /** tau2's default user temperature. */
  temperature: temperature.default(0.0),
  max_tokens: posInt.default(1024),
  max_workers: posInt.default(4),
})

/** [benchmarks.user_simulator]: the fields a benchmark may set over [user_simulator]. */
export const UserSimulatorOverrideSchema = z.strictObject({
  model: optStr,
  engine: optStr,
  base_url: optStr,
  temperature: temperature.optional(),
  max_tokens: posInt.optional(),
})

export const RunSchema = z.strictObject({
  max_workers: posInt.default(4),
  output_dir: str.default('results/'),
  seed: z.number().int().default(42),
  telemetry: z.boolean().default(false),
  gpu_metrics: z.boolean().default(false),
  warmup_samples: nonNegInt.default(0),
  energy_vendor: str.default(''),
  max_turns: posInt.optional(),
  global_agent_timeout_sec: z.number().positive().optional(),
  global_timeout_multiplier: z.number().positive().optional(),
  wandb_project: str.default(''),
  wandb_entity: str.default(''),
  wandb_tags: str.default(''),
  wandb_group: str.default(''),
  sheets_spreadsheet_id: str.default(''),
  sheets_worksheet: str.default('Results'),
  sheets_credentials_path: str.default(''),
  // --- ours ---
  /** Per-sample wall-clock limit for one inference call, seconds (cancels the request). */
  // At most 2^31 − 1 ms: Node fires a longer timer at once (every sample would time out). MAX_TIMEOUT_S in cli/option-values.ts.
  query_timeout: z.number().positive().max(2_147_483).optional(),
  /** Retries after the first try on 429/5xx/timeouts/connection errors. */
  max_retries: nonNegInt.default(3),
  resume: z.boolean().default(false),
  cache: z.boolean().default(false),
  /** Spread each benchmark over this many eval files (samples by record-id hash) so `vitest --shard` splits it. */
  parts: z.number().int().min(1).max(256).default(1),
  /** Agents: completion tokens per sample over all turns; out of budget without an answer is wrong. */
  token_budget: posInt.optional(),
  /** Samples in flight per benchmark (--concurrency); default max_workers (1 with --agentic, as the spec says). */
  concurrency: posInt.optional(),
})

/** Ours: [pricing."<model>"] overrides the built-in price table (USD per 1M tokens) for cost_usd. */
export const PriceSchema = z.strictObject({
  input_per_million: z.number().nonnegative(),
  output_per_million: z.number().nonnegative(),
  /** The day the price was read from the vendor's page (YYYY-MM-DD). */
  read_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD').optional(),
})

export const BackendExternalSchema = z.strictObject({
  base_url: optStr,
  api_key: optStr,
})

export const ModelSchema = z.strictObject({
  name: str.min(1),
  engine: optStr,
  provider: optStr,
  temperature: temperature.optional(),
  max_tokens: posInt.optional(),
  param_count_b: z.number().nonnegative().default(0),
  active_params_b: z.number().nonnegative().optional(),
  gpu_peak_tflops: z.number().nonnegative().default(0),
  gpu_peak_bandwidth_gb_s: z.number().nonnegative().default(0),
  num_gpus: posInt.default(1),
  // --- ours ---
  /** OpenAI-compatible endpoint for this model (else --base-url / env / engine default host). */
  base_url: optStr,
  /** llama.cpp threads for the embedded engine (default: min(cores, 4), never more than cores). */
  threads: posInt.optional(),
  /** llama.cpp context size for the embedded engine. */
  context_size: posInt.optional(),
})

/** A local dataset for a custom benchmark: a file plus which columns hold what. */
export const LocalDatasetSchema = z.strictObject({
  path: str.min(1),
  format: z.enum(['jsonl', 'csv', 'parquet']).optional(),
  id_field: optStr,
  question_field: str.default('question'),
  answer_field: str.default('answer'),
  choices_field: optStr,
  subject_field: optStr,
  system_prompt: optStr,
  /** A template with {question} and, for mcq, {choices}; default depends on the scorer. */
  prompt_template: optStr,
  /** Ours: a column naming the sample's attachment file(s) (a path or a list, relative to the dataset file), copied into its work dir for file_read & co. */
  files_field: optStr,
})

export const BenchmarkSchema = z.strictObject({
  name: str.min(1),
  backend: z.enum(BACKEND_KEYS).default('jarvis-direct'),
  max_samples: posInt.optional(),
  split: optStr,
  subset: optStr,
  record_ids: z.array(z.union([z.string(), z.number()]).transform(String)).min(1).optional(),
  agent: optStr,
  /** Tool names (the tools registry), and `mcp:<command …>` entries for MCP servers. */
  tools: z.array(str).default([]),
  /** Ours: MCP servers over stdio whose tools are offered too: a command line, or its argv as a list. */
  mcp_servers: z.array(z.union([str.min(1), z.array(str.min(1)).min(1)])).default([]),
  /** Ours: run the samples of each episode in order with earlier successes as examples (auto when the benchmark has episodes). */
  episode_mode: z.boolean().optional(),
  judge_model: optStr,
  temperature: temperature.optional(),
  max_tokens: posInt.optional(),
  global_agent_timeout_sec: z.number().positive().optional(),
  global_timeout_multiplier: z.number().positive().optional(),
  /** Ours: the simulated user of a conversational benchmark, over [user_simulator]. */
  user_simulator: UserSimulatorOverrideSchema.optional(),
  /** Ours: benchmark-specific settings (a data snapshot, site URLs); the registry lists each benchmark's keys. */
  options: z.record(z.string().min(1), z.union([str, z.number(), z.boolean()])).optional(),
  // --- ours: a custom benchmark over a local file ---
  dataset: LocalDatasetSchema.optional(),
  scorer: z.enum(['mcq', 'exact', 'judge']).optional(),
  category: optStr,
})

export const SuiteSchema = z.strictObject({
  meta: MetaSchema.default({ name: '', description: '' }),
  defaults: DefaultsSchema.default({ temperature: 0, max_tokens: 2048 }),
  judge: JudgeSchema.default(JudgeSchema.parse({})),
  user_simulator: UserSimulatorSchema.default(UserSimulatorSchema.parse({})),
  run: RunSchema.default(RunSchema.parse({})),
  backend: z.strictObject({ external: BackendExternalSchema.default({}) }).default({ external: {} }),
  models: z.array(ModelSchema).min(1, 'at least one [[models]] entry is required'),
  benchmarks: z.array(BenchmarkSchema).min(1, 'at least one [[benchmarks]] entry is required'),
  pricing: z.record(z.string().min(1), PriceSchema).default({}),
})

export type Suite = z.infer<typeof SuiteSchema>
export type SuiteInput = z.input<typeof SuiteSchema>
export type ModelConfig = z.infer<typeof ModelSchema>
export type BenchmarkConfig = z.infer<typeof BenchmarkSchema>
export type JudgeConfig = z.infer<typeof JudgeSchema>
export type UserSimulatorConfig = z.infer<typeof UserSimulatorSchema>
export type RunConfig = z.infer<typeof RunSchema>
export type LocalDatasetConfig = z.infer<typeof LocalDatasetSchema>
