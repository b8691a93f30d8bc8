// ToolCall-15 scoring: deterministic 0/1/2 points per scenario (rules.ts) from the calls the model really made.
// The calls come from the attempt's turns (native and text-protocol calls the agent ran, with the mock results
// it got back); only when the attempt made none are they read from the answer's text with the agent's own
// parser (parseTextToolCalls), e.g. under `--agent simple`. is_correct = 2 points; score = points / 2.
import type { Attempt } from '../../src/core/backend.ts'
import type { EvalRecord } from '../../src/core/record.ts'
import type { Score, ScoreContext } from '../../src/core/score.ts'
import { parseTextToolCalls } from '../../src/tools/text-protocol.ts'
import { RULES, type Call } from './rules.ts'
import { TOOL_NAMES } from './scenarios.ts'

/** The model's tool calls, in order, each with the turn it came in. */
export function callsOf(attempt: Attempt | undefined, answer: string): { calls: Call[]; source: 'trace' | 'text' | 'none' } {
  const fromTrace = (attempt?.turns ?? []).flatMap((t, i) => t.toolCalls.map((c) => ({ name: c.name, arguments: c.arguments, turn: i + 1 })))
  if (fromTrace.length) return { calls: fromTrace, source: 'trace' }
  const fromText = parseTextToolCalls(answer, TOOL_NAMES).map((c) => ({ name: c.name, arguments: c.arguments, turn: 1 }))
  return fromText.length ? { calls: fromText, source: 'text' } : { calls: [], source: 'none' }
}

export async function scoreAnswer(record: EvalRecord, answer: string, ctx: ScoreContext): Promise<Score> {
  const id = String(record.metadata.scenario_id)
  const rule = RULES[id]
  if (!rule) return { isCorrect: null, reason: 'unknown_scenario', metadata: { reason: 'unknown_scenario', scenario_id: id } }
  const { calls, source } = callsOf(ctx.attempt, answer)
  const { points, reason } = rule(calls, answer)
  return {
    isCorrect: points === 2,
    score: points / 2,
    expected: '2 points',
    extracted: `${points} point${points === 1 ? '' : 's'}: ${reason}`,
    metadata: {
      scenario_id: id,
      scenario_name: record.metadata.scenario_name,
      points,
      max_points: 2,
      verdict: reason,
      calls_from: source,
      tool_calls: calls.map((c) => ({ name: c.name, arguments: c.arguments, turn: c.turn })),
    },
  }
}
