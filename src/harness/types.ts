// The contracts between the harness, benchmarks, engines, the judge and telemetry.
// Benchmarks implement BenchmarkDefinition; engines implement Engine; the fixtures hand these to each sample.

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant'
  content: string
}

/** One dataset row, normalised. `record_id` is stable: `<benchmark>-<dataset id>` or a content hash. */
export interface EvalRecord {
  record_id: string
  /** The user prompt as sent to the model (after the benchmark's template). */
  problem: string
  /** Optional system prompt sent before `problem`. */
  system?: string
  reference: string
  category: string
  subject: string
  metadata: Record<string, unknown>
}

export interface GenerateParams {
  model: string
  messages: ChatMessage[]
  temperature: number
  maxTokens: number
  seed?: number
  signal?: AbortSignal
}

export interface GenerateResult {
  content: string
  promptTokens: number
  completionTokens: number
  /** Wall time of the call as the engine saw it, retries included. */
  latencySeconds: number
  /** Time to the first non-empty content token; 0 when the engine cannot tell. */
  ttftSeconds: number
  finishReason: string
  costUsd: number
  /** Retries the engine made before this answer (429/5xx/timeouts). */
  retries: number
  /** Served from the response cache (--cache): no model call was made. */
  cached?: boolean
}

/** An inference engine: a remote server through its real client, or the embedded llama.cpp. */
export interface Engine {
  /** Registry key: openai-compatible, vllm, sglang, llamacpp-server, cloud, ollama, llamacpp, … */
  readonly key: string
  /** Where it runs, for messages: `vllm at http://127.0.0.1:8000/v1`. Never contains a secret. */
  readonly where: string
  /** Fails fast (JarvisError) when the endpoint is down or does not serve `model`. */
  checkModel(model: string, signal?: AbortSignal): Promise<void>
  generate(params: GenerateParams): Promise<GenerateResult>
  close(): Promise<void>
}

export interface JudgeReply {
  text: string
  promptTokens: number
  completionTokens: number
  costUsd: number
}

/** The LLM judge handed to scorers. Usage is accumulated per sample by the harness. */
export interface Judge {
  readonly model: string
  /** False when no judge can be reached (no key, engine down); scorers then return null verdicts. */
  readonly available: boolean
  readonly unavailableReason: string | null
  complete(messages: ChatMessage[], opts?: { maxTokens?: number; temperature?: number; signal?: AbortSignal }): Promise<JudgeReply>
}

/** One sample's measurement window. `end()` returns that sample's share of the device. */
export interface TelemetrySpan {
  end(): TelemetryReading
}

export interface TelemetryReading {
  energyJoules: number
  powerWatts: number
  gpuUtilizationPct: number
}

export interface Telemetry {
  readonly enabled: boolean
  /** Why there is no data (no NVML, no GPU …), or null when measuring. */
  readonly note: string | null
  begin(): TelemetrySpan
  close(): Promise<void>
}

/** What a scorer decided. `isCorrect: null` = the harness could not judge (excluded from accuracy). */
export interface Score {
  isCorrect: boolean | null
  /** Continuous score in [0, 1]; defaults to 1/0 from isCorrect. */
  score?: number | null
  /** What the scorer expected and what it read from the answer (shown on failure). */
  expected?: string
  extracted?: string | null
  /** Why a sample is unscored, or why it is wrong (empty_response, no_choice_letter, …). */
  reason?: string
  metadata: Record<string, unknown>
}

export interface LoadContext {
  split?: string
  subset?: string
  seed: number
  /** A hint: loaders of huge datasets may stop early; the harness still shuffles/takes. */
  maxSamples?: number
  signal?: AbortSignal
  log(message: string): void
}

export interface ScoreContext {
  judge: Judge
  seed: number
  signal?: AbortSignal
}

export interface BenchmarkDefinition {
  key: string
  /** All records of the split, in dataset order. The harness shuffles with the seed and takes max_samples. */
  load(ctx: LoadContext): Promise<EvalRecord[]>
  /** Messages sent to the model; the default is [system?, user: problem]. */
  messages?(record: EvalRecord): ChatMessage[]
  score(record: EvalRecord, answer: string, ctx: ScoreContext): Promise<Score>
}
