// `openclaw agent exec --json` prints one stable envelope on stdout (docs/cli/agent.md of the package):
//   {ok, status: ok|error|timeout, final, payloads[{text}], usage{input, output, cacheRead, cacheWrite, total},
//    costUsd?, assistantTurns?, toolSummary{calls, tools, failures}?, model, provider, sessionId, error?{message, kind}}
// with exit code 0 (ok), 1 (error) or 2 (timeout). Fields are additive, so unknown ones are kept, not refused.
import { z } from 'zod'
import type { AgentReport } from './external/agent-attempt.ts'

const count = z.number().nonnegative()

export const OpenClawEnvelopeSchema = z.looseObject({
  ok: z.boolean().optional(),
  status: z.string(),
  final: z.string().nullish(),
  payloads: z.array(z.looseObject({ text: z.string().nullish() })).optional(),
  usage: z.looseObject({ input: count.optional(), output: count.optional(), total: count.optional() }).optional(),
  costUsd: z.number().optional(),
  assistantTurns: count.optional(),
  toolSummary: z.looseObject({ calls: count.optional(), tools: z.array(z.string()).optional(), failures: count.optional() }).optional(),
  model: z.string().nullish(),
  provider: z.string().nullish(),
  error: z.looseObject({ message: z.string(), kind: z.string().optional() }).optional(),
})
export type OpenClawEnvelope = z.infer<typeof OpenClawEnvelopeSchema>

export type ParsedEnvelope = { ok: true; envelope: OpenClawEnvelope } | { ok: false; kind: 'malformed_runner_output' | 'invalid_runner_output'; message: string }

/** The envelope from stdout (stdout is reserved for it; a stray line around it is tolerated). */
export function parseEnvelope(stdout: string): ParsedEnvelope {
  const text = stdout.trim()
  if (!text) return { ok: false, kind: 'malformed_runner_output', message: 'OpenClaw printed nothing on stdout' }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    const a = text.indexOf('{')
    const b = text.lastIndexOf('}')
    try {
      raw = a >= 0 && b > a ? JSON.parse(text.slice(a, b + 1)) : undefined
    } catch {}
    if (raw === undefined) return { ok: false, kind: 'malformed_runner_output', message: `OpenClaw's stdout is not a JSON envelope: ${JSON.stringify(text.slice(0, 200))}` }
  }
  const r = OpenClawEnvelopeSchema.safeParse(raw)
  if (!r.success) return { ok: false, kind: 'invalid_runner_output', message: `OpenClaw's envelope does not match agent exec --json: ${r.error.issues[0].path.join('.') || '(root)'}: ${r.error.issues[0].message}` }
  return { ok: true, envelope: r.data }
}

/** What the envelope says the agent did. */
export function reportOf(e: OpenClawEnvelope): AgentReport {
  const answer = e.final ?? (e.payloads ?? []).map((p) => p.text ?? '').filter(Boolean).join('\n')
  const status = e.status === 'ok' || e.status === 'timeout' ? e.status : 'error'
  return {
    answer,
    status,
    error: status === 'ok' ? null : { kind: e.error?.kind ?? (status === 'timeout' ? 'timeout' : 'agent_error'), message: e.error?.message ?? `OpenClaw ended with status ${e.status}` },
    usage: e.usage && (e.usage.input !== undefined || e.usage.output !== undefined) ? { promptTokens: e.usage.input ?? 0, completionTokens: e.usage.output ?? 0 } : null,
    turns: e.assistantTurns ?? null,
    toolCalls: e.toolSummary?.calls ?? null,
    tools: e.toolSummary?.tools ?? [],
    costUsd: e.costUsd ?? null,
  }
}
