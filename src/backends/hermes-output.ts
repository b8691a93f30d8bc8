// The JSON hermes_runner.py writes: OpenJarvis's runner schema (its pydantic _RunnerOutput: content, usage{str: int},
// trajectory, tool_calls, turn_count, error), plus `forwarded` (which generation settings this Hermes took).
import { readFileSync } from 'node:fs'
import { z } from 'zod'
import type { AgentReport } from './external/agent-attempt.ts'

export const HermesOutputSchema = z.looseObject({
  content: z.string(),
  usage: z.record(z.string(), z.number().int().nonnegative()).default({}),
  trajectory: z.array(z.unknown()).default([]),
  tool_calls: z.number().int().nonnegative().default(0),
  turn_count: z.number().int().nonnegative().default(0),
  error: z.string().nullish(),
  forwarded: z.record(z.string(), z.boolean()).optional(),
})
export type HermesOutput = z.infer<typeof HermesOutputSchema>

export type ReadOutput = { ok: true; output: HermesOutput } | { ok: false; kind: 'invalid_runner_output' | 'malformed_runner_output'; message: string }

/** OpenJarvis's three outcomes: no file or a schema failure (invalid), bad JSON (malformed), or the output. */
export function readHermesOutput(path: string): ReadOutput {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch {
    return { ok: false, kind: 'invalid_runner_output', message: 'the runner wrote no output file' }
  }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return { ok: false, kind: 'malformed_runner_output', message: `the runner's output is not JSON: ${JSON.stringify(text.slice(0, 200))}` }
  }
  const r = HermesOutputSchema.safeParse(raw)
  if (!r.success) return { ok: false, kind: 'invalid_runner_output', message: `the runner's output does not match its schema: ${r.error.issues[0].path.join('.') || '(root)'}: ${r.error.issues[0].message}` }
  return { ok: true, output: r.data }
}

export function hermesReport(o: HermesOutput): AgentReport {
  // "hermes_import_failed: No module named 'openai'" → kind hermes_import_failed.
  const kind = o.error ? (/^([a-z_]+):/.exec(o.error)?.[1] ?? 'agent_error') : null
  const p = o.usage.prompt_tokens ?? o.usage.input_tokens
  const c = o.usage.completion_tokens ?? o.usage.output_tokens
  return {
    answer: o.content,
    status: o.error ? 'error' : 'ok',
    error: o.error ? { kind: kind!, message: o.error } : null,
    usage: p !== undefined || c !== undefined ? { promptTokens: p ?? 0, completionTokens: c ?? 0 } : null,
    turns: o.turn_count,
    toolCalls: o.tool_calls,
    tools: [...new Set(o.trajectory.flatMap(toolNames))],
    costUsd: null,
  }
}

function toolNames(m: unknown): string[] {
  const calls = (m as { tool_calls?: unknown } | null)?.tool_calls
  if (!Array.isArray(calls)) return []
  return calls.map((c) => (c as { function?: { name?: unknown } })?.function?.name).filter((n): n is string => typeof n === 'string' && n.length > 0)
}
