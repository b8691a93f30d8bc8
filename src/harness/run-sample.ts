import type { ResolvedRun } from '../config/resolved-run.ts'
import type { Attempt, Backend, SampleTask } from '../core/backend.ts'
import type { BenchmarkDefinition } from '../core/benchmark.ts'
import type { Environment } from '../core/environment.ts'
import type { Judge } from '../core/judge.ts'
import type { ChatMessage } from '../core/messages.ts'
import type { EvalRecord } from '../core/record.ts'
import { deadline } from '../core/deadline.ts'
import { redactSecrets } from '../core/redact.ts'
import type { SampleResult } from '../core/sample-result.ts'
import type { Score } from '../core/score.ts'
import type { Telemetry } from '../core/telemetry.ts'
import type { Tool } from '../core/tool.ts'
import type { EnvironmentScope } from '../environments/scope.ts'
import { scoreFields } from '../results/score-fields.ts'
import { clipMiddle } from '../results/sample-evidence.ts'
import { queryTrace } from '../results/trace.ts'
import { withPriorExamples, type PriorExample } from './episodes.ts'
import { computeEfficiency } from '../telemetry/efficiency.ts'

export interface SampleOutcome {
  result: SampleResult
  score: Score | null
  messages: ChatMessage[]
  attempt: Attempt | null
}

export const defaultMessages = (r: EvalRecord): ChatMessage[] =>
  r.system ? [{ role: 'system', content: r.system }, { role: 'user', content: r.problem }] : [{ role: 'user', content: r.problem }]

/** Agents stop after this many turns unless the run says otherwise (--max-turns / [run] max_turns). */
export const DEFAULT_MAX_TURNS = 10

/** What the backend is asked to do for a record. */
export function sampleTask(def: BenchmarkDefinition, run: ResolvedRun, record: EvalRecord, tools: Tool[] = [], environment: Environment | null = null): SampleTask {
  return {
    record,
    messages: def.messages?.(record) ?? defaultMessages(record),
    generation: { temperature: run.temperature, maxTokens: run.maxTokens, seed: run.seed },
    tools,
    environment,
    limits: { maxTurns: run.maxTurns ?? def.defaultMaxTurns?.(record) ?? def.maxTurns ?? DEFAULT_MAX_TURNS, timeoutS: run.queryTimeoutS, tokenBudget: run.tokenBudget ?? null },
  }
}

/** What runSample needs for one sample. */
export interface SampleArgs {
  def: BenchmarkDefinition
  run: ResolvedRun
  record: EvalRecord
  backend: Backend
  judge: Judge
  telemetry: Telemetry
  tools?: Tool[]
  environments?: EnvironmentScope
  signal?: AbortSignal
  /** Episode mode: earlier successes of the episode, put before the problem (the record scored is the original). */
  examples?: PriorExample[]
  /** The run's user-simulator model, for a benchmark whose samples are conversations (def.simulatedUser). */
  userModel?: Judge | null
}

/** One sample end to end: its environment, the backend's attempt (measured), scoring, and the JSONL record. Never throws. */
export async function runSample(args: SampleArgs): Promise<SampleOutcome> {
  // The sample's calls run under the test's signal (Vitest's timeout, a cancelled run) and --query-timeout.
  const limit = deadline(args.signal, args.run.queryTimeoutS ? args.run.queryTimeoutS * 1000 : null)
  try {
    return await sampleUnder(args, limit.signal)
  } finally {
    limit.dispose()
  }
}

async function sampleUnder(args: SampleArgs, signal: AbortSignal | undefined): Promise<SampleOutcome> {
  const { def, run, record, backend, telemetry } = args
  const cannot = def.skipReason?.(record) ?? null
  if (cannot) {
    // Not run here (e.g. it needs the live internet): unscored with the reason, and the model is never asked.
    const messages = sampleTask(def, run, record).messages
    return { result: buildResult(run, record, { isCorrect: null, metadata: { reason: cannot, skipped: true } }), score: null, messages, attempt: null }
  }
  let environment: Environment | null = null
  const spec = def.environment?.(record) ?? null
  if (spec) {
    try {
      if (!args.environments) throw new Error('no environment scope')
      environment = await args.environments.openFor(spec, signal)
    } catch (e) {
      const messages = sampleTask(def, run, record).messages
      return { result: buildResult(run, record, { error: redactSecrets(`environment: ${(e as Error).message}`), errorKind: 'environment' }), score: null, messages, attempt: null }
    }
  }
  const task = sampleTask(def, run, args.examples ? withPriorExamples(record, args.examples) : record, args.tools ?? [], environment)
  task.record = record
  if (def.simulatedUser && args.userModel) task.user = def.simulatedUser(record, { llm: args.userModel, seed: run.seed })
  const messages = task.messages
  const span = telemetry.begin()
  const attempt = await backend.solve(task, { signal })
  const reading = span.end()
  // Agents: the real calls, compactly, for scorers and reparse (the full transcript goes to traces.jsonl).
  const extra: Record<string, unknown> = backend.traced ? { query_trace: queryTrace(attempt) } : {}
  if (args.examples) Object.assign(extra, { episode_id: def.episode?.(record) ?? def.key, prior_examples: args.examples.length })
  // External agents (hermes, openclaw): which framework ran, its own counts, how the calls were metered.
  if (attempt.artifacts?.external) extra.external = attempt.artifacts.external
  if (attempt.error) {
    const kind = attempt.error.kind === 'aborted' && run.queryTimeoutS && !args.signal?.aborted ? 'timeout' : attempt.error.kind
    return {
      result: buildResult(run, record, { error: redactSecrets(`${kind}: ${attempt.error.message}`), errorKind: kind, retries: attempt.retries, extra }),
      score: null,
      messages,
      attempt,
    }
  }
  let score: Score
  if (attempt.stop !== 'answer' && !def.scoresStoppedAttempts) {
    // Out of turns, time or tokens without a final answer: no valid answer, so wrong (not an inference error).
    score = { isCorrect: false, reason: attempt.stop, metadata: {} }
  } else {
    try {
      // Scoring runs on the test's own signal: --query-timeout bounds inference only (judge requests and sandboxes
      // have their own deadlines), so slow-but-correct code is not scored 0 for the model's time.
      score = await args.def.score(record, attempt.answer, { judge: args.judge, seed: run.seed, signal: args.signal, attempt, environment, run: { model: run.model, modelSlug: run.modelSlug, outputPath: run.outputPath } })
    } catch (e) {
      score = { isCorrect: null, reason: 'scorer_error', metadata: { scorer_error: (e as Error).message } }
    }
  }
  const verdict = scoreFields(score)
  const metadata = Object.assign(verdict.scoring_metadata, extra)
  if (attempt.retries > 0) metadata.retries = attempt.retries
  if (attempt.cached) metadata.cache_hit = true
  // Failed and unscored samples keep what was asked (the HTML report's failure table shows it); capped so a
  // long-context benchmark does not balloon the JSONL.
  if (verdict.is_correct !== true) metadata.prompt = promptText(messages, 2000)
  if (attempt.finishReason === 'length') metadata.finish_reason = 'length'
  const usage = attempt.usage
  const eff = computeEfficiency({
    promptTokens: usage.promptTokens,
    completionTokens: usage.completionTokens,
    latencySeconds: attempt.latencySeconds,
    ttftSeconds: attempt.ttftSeconds,
    energyJoules: reading.energyJoules,
    powerWatts: reading.powerWatts,
    isCorrect: score.isCorrect === true,
    hw: {
      paramCountB: run.hardware.paramCountB,
      activeParamsB: run.hardware.activeParamsB ?? undefined,
      gpuPeakTflops: run.hardware.gpuPeakTflops,
      gpuPeakBandwidthGbS: run.hardware.gpuPeakBandwidthGbS,
      numGpus: run.hardware.numGpus,
    },
  })
  const result = buildResult(run, record, {
    answer: attempt.answer,
    isCorrect: verdict.is_correct,
    score: verdict.score,
    latency: attempt.latencySeconds,
    promptTokens: usage.promptTokens,
    completionTokens: usage.completionTokens,
    cost: usage.costUsd,
    metadata,
    ttft: attempt.ttftSeconds,
    energy: reading.energyJoules,
    power: reading.powerWatts,
    util: reading.gpuUtilizationPct,
    eff,
  })
  return { result, score, messages, attempt }
}

/** What was asked, as text; over `max` its middle is left out (the question usually comes last). */
export const promptText = (messages: ChatMessage[], max = Infinity): string => {
  const text = messages.map((m) => (messages.length > 1 ? `[${m.role}] ${m.content}` : m.content)).join('\n\n')
  return clipMiddle(text, max)
}

interface Parts {
  answer?: string
  isCorrect?: boolean | null
  score?: number | null
  latency?: number
  promptTokens?: number
  completionTokens?: number
  cost?: number
  error?: string
  errorKind?: string
  retries?: number
  metadata?: Record<string, unknown>
  ttft?: number
  energy?: number
  power?: number
  util?: number
  eff?: ReturnType<typeof computeEfficiency>
  /** Metadata of an error line beyond its kind (query_trace, episode). */
  extra?: Record<string, unknown>
}

const r6 = (x: number) => Math.round(x * 1e6) / 1e6

/** The JSONL line (serializeResult writes its keys in the spec's order). */
function buildResult(run: ResolvedRun, record: EvalRecord, p: Parts): SampleResult {
  const metadata = p.metadata ?? (p.errorKind ? { error_kind: p.errorKind, ...(p.retries ? { retries: p.retries } : {}), ...p.extra } : {})
  const e = p.eff
  return {
    record_id: record.record_id,
    benchmark: run.benchmark,
    model: run.model,
    backend: run.backend,
    model_answer: p.answer ?? '',
    is_correct: p.isCorrect ?? null,
    score: p.score ?? null,
    latency_seconds: r6(p.latency ?? 0),
    prompt_tokens: p.promptTokens ?? 0,
    completion_tokens: p.completionTokens ?? 0,
    cost_usd: p.cost ?? 0,
    error: p.error ?? null,
    scoring_metadata: metadata,
    ttft: r6(p.ttft ?? 0),
    energy_joules: r6(p.energy ?? 0),
    power_watts: r6(p.power ?? 0),
    gpu_utilization_pct: r6(p.util ?? 0),
    throughput_tok_per_sec: r6(e?.throughput_tok_per_sec ?? 0),
    mfu_pct: e?.mfu_pct ?? 0,
    mbu_pct: e?.mbu_pct ?? 0,
    ipw: e?.ipw ?? 0,
    ipj: e?.ipj ?? 0,
    subject: record.subject || 'general',
    category: record.category,
    energy_per_output_token_joules: e?.energy_per_output_token_joules ?? 0,
    throughput_per_watt: e?.throughput_per_watt ?? 0,
    mean_itl_ms: r6(e?.mean_itl_ms ?? 0),
    estimated_flops: e?.estimated_flops ?? 0,
  }
}
