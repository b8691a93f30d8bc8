import type { ResolvedRun } from '../config/resolved-run.ts'
import { redactSecrets } from '../cli/redact.ts'
import { InferenceError } from '../engines/inference-error.ts'
import { trackJudgeUsage } from '../judge/create-judge.ts'
import type { SampleResult } from '../results/schema.ts'
import { computeEfficiency } from '../telemetry/efficiency.ts'
import type { DirectBackend } from './backend.ts'
import { scoreFields } from './score-fields.ts'
import type { BenchmarkDefinition, ChatMessage, EvalRecord, Judge, Score, Telemetry } from './types.ts'

export interface SampleOutcome {
  result: SampleResult
  score: Score | null
  messages: ChatMessage[]
}

export const defaultMessages = (r: EvalRecord): ChatMessage[] =>
  r.system ? [{ role: 'system', content: r.system }, { role: 'user', content: r.problem }] : [{ role: 'user', content: r.problem }]

/** The signal a sample's calls run under: the test's (Vitest timeout) and the per-query timeout. */
export function sampleSignal(testSignal: AbortSignal | undefined, queryTimeoutS: number | null): AbortSignal | undefined {
  const signals = [testSignal, queryTimeoutS ? AbortSignal.timeout(queryTimeoutS * 1000) : undefined].filter((s): s is AbortSignal => !!s)
  if (signals.length <= 1) return signals[0]
  return AbortSignal.any(signals)
}

/** One sample end to end: inference (measured), scoring, and the JSONL record. Never throws. */
export async function runSample(args: {
  def: BenchmarkDefinition
  run: ResolvedRun
  record: EvalRecord
  backend: DirectBackend
  judge: Judge
  telemetry: Telemetry
  signal?: AbortSignal
}): Promise<SampleOutcome> {
  const { def, run, record, backend, telemetry } = args
  const messages = def.messages?.(record) ?? defaultMessages(record)
  const signal = sampleSignal(args.signal, run.queryTimeoutS)
  const span = telemetry.begin()
  let gen
  try {
    gen = await backend.generate({ messages, temperature: run.temperature, maxTokens: run.maxTokens, seed: run.seed, signal })
  } catch (e) {
    span.end()
    const err = e instanceof InferenceError ? e : new InferenceError('other', (e as Error).message)
    const kind = err.kind === 'aborted' && run.queryTimeoutS && !args.signal?.aborted ? 'timeout' : err.kind
    return {
      result: buildResult(run, record, { error: redactSecrets(`${kind}: ${err.message}`), errorKind: kind, retries: err.retries }),
      score: null,
      messages,
    }
  }
  const reading = span.end()
  const { judge, usage } = trackJudgeUsage(args.judge)
  let score: Score
  try {
    score = await args.def.score(record, gen.content, { judge, seed: run.seed, signal })
  } catch (e) {
    score = { isCorrect: null, reason: 'scorer_error', metadata: { scorer_error: (e as Error).message } }
  }
  const verdict = scoreFields(score)
  const metadata = verdict.scoring_metadata
  if (usage.calls > 0) metadata.judge_usage = usage
  if (gen.retries > 0) metadata.retries = gen.retries
  if (gen.cached) metadata.cache_hit = true
  // Failed and unscored samples keep what was asked (the HTML report's failure table shows it); capped so a
  // long-context benchmark does not balloon the JSONL.
  if (verdict.is_correct !== true) metadata.prompt = promptText(messages, 2000)
  if (gen.finishReason === 'length') metadata.finish_reason = 'length'
  const eff = computeEfficiency({
    promptTokens: gen.promptTokens,
    completionTokens: gen.completionTokens,
    latencySeconds: gen.latencySeconds,
    ttftSeconds: gen.ttftSeconds,
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
    answer: gen.content,
    isCorrect: verdict.is_correct,
    score: verdict.score,
    latency: gen.latencySeconds,
    promptTokens: gen.promptTokens,
    completionTokens: gen.completionTokens,
    cost: gen.costUsd,
    metadata,
    ttft: gen.ttftSeconds,
    energy: reading.energyJoules,
    power: reading.powerWatts,
    util: reading.gpuUtilizationPct,
    eff,
  })
  return { result, score, messages }
}

export const promptText = (messages: ChatMessage[], max = Infinity): string => {
  const text = messages.map((m) => (messages.length > 1 ? `[${m.role}] ${m.content}` : m.content)).join('\n\n')
  return text.length > max ? `${text.slice(0, max)}…` : text
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
}

const r6 = (x: number) => Math.round(x * 1e6) / 1e6

/** The JSONL line, keys in the spec's order. */
function buildResult(run: ResolvedRun, record: EvalRecord, p: Parts): SampleResult {
  const metadata = p.metadata ?? (p.errorKind ? { error_kind: p.errorKind, ...(p.retries ? { retries: p.retries } : {}) } : {})
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
