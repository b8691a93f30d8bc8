// What the harness adds around an agent's sample: which registry tools it gets, and its trace (the traces.jsonl
// line in task meta for the reporter, and the readable transcript as an annotation when the sample failed, so
// the Vitest UI and html report show how the agent got there).
import type { TaskMeta, TestContext } from 'vitest'
import { findBackend } from '../backends/index.ts'
import type { ResolvedRun } from '../config/resolved-run.ts'
import type { BenchmarkDefinition } from '../core/benchmark.ts'
import { tracesPathFor } from '../results/run-files.ts'
import { traceLine, transcriptText } from '../results/trace.ts'
import type { SampleOutcome } from './run-sample.ts'

/** The run's tools; when it names none (no --tools, tools, mcp_servers), the benchmark's defaults. */
export function agentToolNames(def: BenchmarkDefinition, run: ResolvedRun): readonly string[] {
  if (!findBackend(run.backend)?.tools) return []
  if (run.tools.length || run.mcpServers.length) return run.tools
  return def.defaultTools ?? []
}

export async function recordTrace(meta: TaskMeta, run: ResolvedRun, outcome: SampleOutcome, annotate: TestContext['annotate']): Promise<void> {
  const line = traceLine(outcome.result, outcome.attempt)
  meta.jarvisTrace = line
  meta.jarvisTracePath = tracesPathFor(run.outputPath, run.benchmark, run.modelSlug)
  if (outcome.result.is_correct === true) return
  const calls = line.tool_calls
  const summary = `${line.turn_count} turn(s), ${calls} tool call(s), stopped: ${line.trace_data.stop}`
  // The message stays one line (the default reporter prints it); the transcript is the attachment's body.
  await annotate(summary, 'transcript', { contentType: 'text/plain', body: transcriptText(line.trace_data) })
}
