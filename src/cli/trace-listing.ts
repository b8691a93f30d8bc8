import { readResults } from '../results/read-results.ts'
import type { RunSummary } from '../core/sample-result.ts'
import type { QueryTrace } from '../results/trace.ts'
import type { CliIO } from './io.ts'

/**
 * --trace-detail: one line per step of each sample, from the JSONL (streamed, never held in memory).
 * jarvis-direct answers a sample in one model call, so each sample is one step; an agent's tool calls (its
 * scoring_metadata.query_trace) follow as one indented line each.
 */
export async function printTraceListing(summaries: RunSummary[], io: CliIO): Promise<void> {
  for (const s of summaries) {
    io.out('')
    io.out(`Trace: ${s.benchmark} / ${s.model} (${s.output_path})`)
    for await (const r of readResults(s.output_path)) {
      const m = r.scoring_metadata as Record<string, unknown>
      const verdict = r.error ? 'error' : r.is_correct === null ? 'unscored' : r.is_correct ? 'correct' : 'wrong'
      const why = r.error ?? (typeof m.reason === 'string' ? m.reason : '')
      io.out(`  ${r.record_id}  ${verdict.padEnd(8)}  latency ${r.latency_seconds.toFixed(3)} s  ttft ${r.ttft.toFixed(3)} s  tokens ${r.prompt_tokens}/${r.completion_tokens}${why ? `  ${why.slice(0, 160)}` : ''}`)
      const qt = m.query_trace as QueryTrace | undefined
      if (qt) {
        for (const c of qt.tool_calls) io.out(`      turn ${c.turn}  ${c.name}(${JSON.stringify(c.arguments).slice(0, 140)})${c.is_error ? '  → error' : ''}`)
        io.out(`      ${qt.turns} turn(s), stopped: ${qt.stop}`)
      }
    }
  }
}
