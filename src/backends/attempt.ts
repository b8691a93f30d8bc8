// Building Attempts: every backend reports what it did in the same shape (src/core/backend.ts).
import type { Attempt, SampleTask, TurnRecord } from '../core/backend.ts'
import type { GenerateResult } from '../core/engine.ts'
import { InferenceError } from '../core/inference-error.ts'
import type { ChatMessage } from '../core/messages.ts'

export const turnOf = (r: GenerateResult): TurnRecord => ({
  promptTokens: r.promptTokens,
  completionTokens: r.completionTokens,
  latencySeconds: r.latencySeconds,
  ttftSeconds: r.ttftSeconds,
  costUsd: r.costUsd,
  finishReason: r.finishReason,
  retries: r.retries,
  cached: r.cached === true,
  toolCalls: r.toolCalls ?? [],
})

/** The assistant message of a reply, tool calls included. */
export const assistantMessage = (r: GenerateResult): ChatMessage =>
  r.toolCalls?.length ? { role: 'assistant', content: r.content, toolCalls: r.toolCalls } : { role: 'assistant', content: r.content }

/** An attempt from its model calls: usage summed over turns; latency is the attempt's wall time when given. */
export function attemptFrom(task: SampleTask, o: { answer: string; transcript: ChatMessage[]; turns: TurnRecord[]; stop?: Attempt['stop']; wallSeconds?: number; artifacts?: Record<string, unknown> }): Attempt {
  const t = o.turns
  const sum = (f: (x: TurnRecord) => number) => t.reduce((a, x) => a + f(x), 0)
  return {
    answer: o.answer,
    transcript: o.transcript,
    turns: t,
    usage: { calls: t.filter((x) => !x.cached).length, promptTokens: sum((x) => x.promptTokens), completionTokens: sum((x) => x.completionTokens), costUsd: sum((x) => x.costUsd) },
    latencySeconds: o.wallSeconds ?? sum((x) => x.latencySeconds),
    ttftSeconds: t[0]?.ttftSeconds ?? 0,
    finishReason: t.at(-1)?.finishReason ?? '',
    retries: sum((x) => x.retries),
    cached: t.length > 0 && t.every((x) => x.cached),
    stop: o.stop ?? 'answer',
    error: null,
    ...(o.artifacts ? { artifacts: o.artifacts } : {}),
  }
}

/** An attempt ended by an inference failure after retries (any other throw is kind "other"). */
export function failedAttempt(task: SampleTask, e: unknown, sofar: { transcript?: ChatMessage[]; turns?: TurnRecord[] } = {}): Attempt {
  const err = e instanceof InferenceError ? e : new InferenceError('other', (e as Error)?.message ?? String(e))
  const a = attemptFrom(task, { answer: '', transcript: sofar.transcript ?? task.messages, turns: sofar.turns ?? [] })
  return { ...a, retries: a.retries + err.retries, error: { kind: err.kind, message: err.message } }
}
