// Traces of agent samples: the full line in traces/<benchmark>_<model-slug>/traces.jsonl (spec §6.2: the JSONL
// keys minus benchmark/model/backend, plus framework, framework_commit, tool_calls, turn_count, trace_data), and
// the compact query_trace a scorer reads from scoring_metadata (the real calls, not what the text claims).
import type { Attempt } from '../core/backend.ts'
import type { ChatMessage } from '../core/messages.ts'
import type { SampleResult } from '../core/sample-result.ts'

/** One model turn as traced: its usage and timing, the calls it made and what they returned (capped). */
export interface TraceTurn {
  turn: number
  prompt_tokens: number
  completion_tokens: number
  latency_seconds: number
  ttft: number
  cost_usd: number
  finish_reason: string
  cached: boolean
  tool_calls: { id: string; name: string; arguments: Record<string, unknown>; raw_arguments?: string }[]
  tool_results: { id: string; name: string; is_error: boolean; latency_seconds: number; content: string }[]
}

export interface TraceData {
  /** Why the attempt ended: answer, max_turns, timeout, token_budget (or error, with `error` on the line). */
  stop: string
  messages: { role: ChatMessage['role']; content: string; tool_calls?: { id: string; name: string; arguments: Record<string, unknown> }[]; tool_call_id?: string; name?: string }[]
  turns: TraceTurn[]
}

export interface TraceLine extends Omit<SampleResult, 'benchmark' | 'model' | 'backend'> {
  framework: string
  framework_commit: string
  tool_calls: number
  turn_count: number
  trace_data: TraceData
}

/** The compact form in scoring_metadata.query_trace: enough for a scorer to check which tools were called how. */
export interface QueryTrace {
  turns: number
  stop: string
  tool_calls: { turn: number; name: string; arguments: Record<string, unknown>; is_error: boolean }[]
}

/** Messages in a trace: tool results and long texts cut here (the model saw them whole). */
export const TRACE_MESSAGE_CHARS = 20_000
/** String arguments in query_trace (a file_write's content) are cut here. */
export const QUERY_ARG_CHARS = 1_000

const cut = (s: string, n: number) => (s.length <= n ? s : `${s.slice(0, n)}… [${s.length - n} more characters]`)
const r6 = (x: number) => Math.round(x * 1e6) / 1e6

function capArgs(args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).map(([k, v]) => [k, typeof v === 'string' ? cut(v, QUERY_ARG_CHARS) : v]))
}

export function queryTrace(a: Attempt): QueryTrace {
  return {
    turns: a.turns.length,
    stop: a.error ? 'error' : a.stop,
    tool_calls: a.turns.flatMap((t, i) =>
      t.toolCalls.map((c) => ({ turn: i + 1, name: c.name, arguments: capArgs(c.arguments), is_error: t.toolResults?.find((r) => r.id === c.id)?.isError ?? false })),
    ),
  }
}

export function traceData(a: Attempt): TraceData {
  return {
    stop: a.error ? 'error' : a.stop,
    messages: a.transcript.map((m) => ({
      role: m.role,
      content: cut(m.content, m.role === 'tool' ? 4_000 : TRACE_MESSAGE_CHARS),
      ...(m.toolCalls?.length ? { tool_calls: m.toolCalls.map((c) => ({ id: c.id, name: c.name, arguments: c.arguments })) } : {}),
      ...(m.toolCallId ? { tool_call_id: m.toolCallId } : {}),
      ...(m.name ? { name: m.name } : {}),
    })),
    turns: a.turns.map((t, i) => ({
      turn: i + 1,
      prompt_tokens: t.promptTokens,
      completion_tokens: t.completionTokens,
      latency_seconds: r6(t.latencySeconds),
      ttft: r6(t.ttftSeconds),
      cost_usd: t.costUsd,
      finish_reason: t.finishReason,
      cached: t.cached,
      tool_calls: t.toolCalls.map((c) => ({ id: c.id, name: c.name, arguments: c.arguments, ...(c.rawArguments !== undefined ? { raw_arguments: c.rawArguments } : {}) })),
      tool_results: (t.toolResults ?? []).map((r) => ({ id: r.id, name: r.name, is_error: r.isError, latency_seconds: r6(r.latencySeconds), content: r.content })),
    })),
  }
}

/** The traces.jsonl line of a sample (the harness's framework_commit is filled in by the writer, which knows the checkout). */
export function traceLine(result: SampleResult, a: Attempt | null): TraceLine {
  const { benchmark: _b, model: _m, backend: _k, ...rest } = result
  const data: TraceData = a ? traceData(a) : { stop: 'error', messages: [], turns: [] }
  // An external agent (openclaw, hermes) is its own framework, at the version that ran (OpenJarvis records its pin).
  const external = a?.artifacts?.external as { framework?: string; framework_version?: string } | undefined
  return {
    ...rest,
    framework: external?.framework ?? 'jarvis-evals',
    framework_commit: external?.framework_version ?? '',
    tool_calls: data.turns.reduce((n, t) => n + t.tool_calls.length, 0),
    turn_count: data.turns.length,
    trace_data: data,
  }
}

/** A transcript a person reads: the Vitest UI's annotation of a failed sample, and the HTML report's. */
export function transcriptText(d: TraceData): string {
  const out: string[] = []
  const turns = d.turns
  let turn = 0
  for (const m of d.messages) {
    if (m.role === 'assistant') {
      const t = turns[turn++]
      const usage = t ? ` (turn ${t.turn}: ${t.prompt_tokens}+${t.completion_tokens} tokens, ${t.latency_seconds.toFixed(2)} s${t.cached ? ', cached' : ''})` : ''
      out.push(`── assistant${usage}`)
      if (m.content) out.push(m.content)
      for (const c of m.tool_calls ?? []) out.push(`→ ${c.name}(${JSON.stringify(c.arguments)})`)
      // Text-protocol calls live on the turn, not the message.
      if (!m.tool_calls?.length) for (const c of t?.tool_calls ?? []) out.push(`→ ${c.name}(${JSON.stringify(c.arguments)})`)
    } else if (m.role === 'tool') {
      const r = turns.flatMap((t) => t.tool_results).find((x) => x.id === m.tool_call_id)
      out.push(`── tool ${m.name ?? ''}${r ? ` (${r.is_error ? 'error, ' : ''}${r.latency_seconds.toFixed(2)} s)` : ''}`, m.content)
    } else out.push(`── ${m.role}`, m.content)
  }
  out.push(`── stopped: ${d.stop}`)
  return out.join('\n')
}
