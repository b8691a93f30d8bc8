// The reward of a conversation, as tau2 computes it (evaluator.ts), and the JSONL verdict: is_correct is
// reward ≥ 0.5 (OpenJarvis's rule; tau2's parts are 0 or 1, so it means reward 1), score the reward. A
// conversation tau2 would have cut short (30 user tool calls in a row; 10 tool errors) has reward 0, as there.
import type { ChatMessage } from '../../src/core/messages.ts'
import type { EvalRecord } from '../../src/core/record.ts'
import type { Score, ScoreContext } from '../../src/core/score.ts'
import { newUsage } from '../../src/scoring/judge/judge-call.ts'
import { evaluate, type RewardInfo } from './evaluator.ts'
import { judgeNlAssertions } from './nl-assertions.ts'
import { sessionOf } from './session.ts'

/** tau2's max_errors: this many failed tool calls end a simulation (TOO_MANY_ERRORS, reward 0). */
export const MAX_TOOL_ERRORS = 10

export async function scoreTau(record: EvalRecord, _answer: string, ctx: ScoreContext): Promise<Score> {
  const s = sessionOf(record)
  const usage = newUsage()
  const errors = s.log.filter((c) => c.error).length
  const base: Record<string, unknown> = {
    domain: s.data.name,
    task_id: s.task.id,
    tool_calls: s.log.length,
    user_tool_calls: s.log.filter((c) => c.requestor === 'user').length,
    tool_errors: errors,
    ...(s.user ? { user_simulator: { ...s.user.usage, cost_usd: round6(s.user.usage.cost_usd), latency_seconds: round6(s.user.usage.latency_seconds) } } : {}),
  }
  if (!s.env) return { isCorrect: null, reason: 'task_setup_failed', metadata: { ...base, reason: 'task_setup_failed', setup_error: s.setupError } }
  const early = s.termination ?? (errors >= MAX_TOOL_ERRORS ? 'too_many_errors' : null)
  if (early) return { isCorrect: false, score: 0, reason: early, expected: 'reward ≥ 0.5', extracted: 'reward 0', metadata: { ...base, reward: 0, termination: early } }
  const transcript = ctx.attempt?.transcript ?? []
  const conversation = transcript.filter((m) => m.role !== 'system')
  const result = await evaluate({
    task: s.task,
    data: s.data,
    predicted: s.env,
    calls: s.log,
    agentMessages: transcript.filter((m) => m.role === 'assistant' && m.content).map((m) => m.content),
    judgeNl: (assertions) => judgeNlAssertions(ctx, conversation as ChatMessage[], assertions, usage),
  })
  const metadata = { ...base, reward_info: result.info, ...(usage.calls ? { judge_usage: usage } : {}) }
  if ('unscored' in result) return { isCorrect: null, reason: result.unscored, metadata: { ...metadata, reason: result.unscored, judge_error: result.error } }
  const reward = result.info.reward
  return { isCorrect: reward >= 0.5, score: reward, expected: 'reward ≥ 0.5', extracted: `reward ${reward}`, ...(reward < 0.5 ? { reason: failedPart(result.info) } : {}), metadata: { ...metadata, reward } }
}

/** Which part of the basis failed first, for the line's reason ("db_mismatch", "env_assertion" …). */
function failedPart(info: RewardInfo): string {
  const names: Record<string, string> = { DB: 'db_mismatch', ENV_ASSERTION: 'env_assertion', ACTION: 'action_missing', COMMUNICATE: 'not_communicated', NL_ASSERTION: 'nl_assertion' }
  const failed = Object.entries(info.reward_breakdown).find(([, r]) => r === 0)
  return failed ? names[failed[0]] : 'reward_below_half'
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6
