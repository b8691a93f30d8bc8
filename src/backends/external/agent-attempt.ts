// An external agent's sample as an Attempt: the answer and counts from the agent's own report, every model call
// from the metering proxy (tokens, latency, TTFT, cost, tool calls), and one rule for what went wrong.
import type { Attempt, SampleTask, TurnRecord } from '../../core/backend.ts'
import { kindForStatus } from '../../core/inference-error.ts'
import { attemptFrom } from '../attempt.ts'
import { stderrGist, type AgentProcessResult } from './agent-process.ts'
import type { MeteredCall, ProxySession } from './metering-proxy.ts'
import { agentTranscript } from './transcript.ts'

/** What the agent says it did (OpenClaw's envelope, the Hermes runner's JSON). */
export interface AgentReport {
  answer: string
  status: 'ok' | 'error' | 'timeout'
  error: { kind: string; message: string } | null
  /** Its own token count over the whole run (used when the endpoint reported none). */
  usage: { promptTokens: number; completionTokens: number } | null
  turns: number | null
  toolCalls: number | null
  tools: string[]
  costUsd: number | null
}

export interface AgentOutcome {
  framework: { name: string; version: string }
  proc: AgentProcessResult
  /** null when the agent left no valid report; `reportError` says why. */
  report: AgentReport | null
  reportError: { kind: string; message: string } | null
  session: ProxySession
  /** The sample's signal fired because time ran out (not a cancellation). */
  timedOut: boolean
}

const turnOf = (c: MeteredCall): TurnRecord => ({
  promptTokens: c.promptTokens,
  completionTokens: c.completionTokens,
  latencySeconds: c.latencySeconds,
  ttftSeconds: c.ttftSeconds,
  costUsd: c.costUsd,
  finishReason: c.finishReason,
  retries: 0,
  cached: false,
  toolCalls: c.toolCalls,
})

/** The inference kind of a failed model call (http_429 → rate_limit, connection → connection, …). */
function callKind(c: MeteredCall): string {
  const m = /^http_(\d+)$/.exec(c.errorKind ?? '')
  return m ? kindForStatus(Number(m[1])) : (c.errorKind ?? 'other')
}

/** Why the attempt failed, or null when it ended with an answer or on a limit. */
function failure(o: AgentOutcome, ok: MeteredCall[], failed: MeteredCall[]): { kind: string; message: string } | null {
  const { proc, report } = o
  const name = o.framework.name
  const lastUpstream = failed.at(-1)
  // Every model call failed: an inference error (endpoint down, key refused), whatever the agent made of it.
  const upstream = ok.length === 0 && lastUpstream ? { kind: callKind(lastUpstream), message: `${name} reached no model answer: ${lastUpstream.error}` } : null
  if (proc.aborted && !o.timedOut) return { kind: 'aborted', message: `${name} was stopped (the run was cancelled)` }
  if (proc.timedOut || o.timedOut) return null
  if (proc.spawnError) return { kind: 'subprocess_crash', message: `${name} could not be started: ${proc.spawnError}` }
  if (!report) {
    const exit = proc.signal ? `killed by ${proc.signal}` : `exit code ${proc.exitCode}`
    const err = o.reportError ?? { kind: 'invalid_runner_output', message: 'no result' }
    return upstream ?? { kind: proc.exitCode === 0 ? err.kind : 'subprocess_crash', message: `${name} ${exit}: ${err.message}${proc.stderrTail.trim() ? ` — stderr: ${stderrGist(proc.stderrTail)}` : ''}` }
  }
  if (report.status === 'timeout') return upstream
  if (report.status === 'error') return upstream ?? { kind: report.error?.kind ?? 'agent_error', message: `${name}: ${report.error?.message ?? 'the agent reported an error'}` }
  // OpenJarvis's zero-model-contact check: an answer without a single model call never came from the run's model.
  if (o.session.calls.length === 0) return { kind: 'harness_error', message: `zero_model_requests: ${name} answered without calling the model through the run's endpoint` }
  return null
}

export function agentAttempt(task: SampleTask, o: AgentOutcome): Attempt {
  const calls = o.session.calls
  const ok = calls.filter((c) => !c.error)
  const failed = calls.filter((c) => c.error)
  const err = failure(o, ok, failed)
  const stoppedOnTime = !err && (o.proc.timedOut || o.timedOut || o.report?.status === 'timeout')
  const answer = err || stoppedOnTime ? '' : (o.report?.answer ?? '')
  const turns = ok.map(turnOf)
  const a = attemptFrom(task, {
    answer,
    transcript: agentTranscript(o.session.lastMessages, calls, task.messages, answer),
    turns,
    stop: stoppedOnTime ? 'timeout' : 'answer',
    wallSeconds: o.proc.wallSeconds,
  })
  // Tokens are the endpoint's per call; a server that reports none leaves the agent's own count.
  const metered = ok.length > 0 && ok.every((c) => c.usageReported)
  const usageSource = metered ? 'proxy' : o.report?.usage ? 'agent' : ok.length ? 'proxy (partial)' : 'none'
  if (!metered && o.report?.usage) a.usage = { ...a.usage, promptTokens: o.report.usage.promptTokens, completionTokens: o.report.usage.completionTokens }
  a.retries = failed.length
  a.artifacts = {
    external: {
      framework: o.framework.name,
      framework_version: o.framework.version,
      exit_code: o.proc.exitCode,
      turn_count: o.report?.turns ?? ok.length,
      tool_calls: o.report?.toolCalls ?? ok.reduce((n, c) => n + c.toolCalls.length, 0),
      tools: o.report?.tools ?? [],
      model_calls: ok.length,
      failed_model_calls: failed.length,
      usage_source: usageSource,
      model_seconds: Math.round(ok.reduce((s, c) => s + c.latencySeconds, 0) * 1e6) / 1e6,
    },
  }
  if (err) return { ...a, error: err }
  return a
}
