// Calling the judge from a scorer: usage bookkeeping and the null verdicts when it cannot answer.
//
//   newUsage(): JudgeUsage            { calls, prompt_tokens, completion_tokens, cost_usd }, stored per sample
//   askJudge(ctx, messages, usage, opts?): Promise<JudgeAnswer>
//   judgeUnscored(answer, metadata): Score     the Score for a judge that was unavailable or failed
//   heuristicMarks(ctx)                         { judge: "heuristic", judge_unavailable } for a line scored without a judge
//
// OpenJarvis did not track judge tokens or cost at all (openjarvis-evals.md §10.12); here every call adds to
// `scoring_metadata.judge_usage`, which the summary sums into `judge`.
import { redactSecrets } from '../../core/redact.ts'
import type { ChatMessage } from '../../core/messages.ts'
import type { Score, ScoreContext } from '../../core/score.ts'
export interface JudgeUsage {
  calls: number
  prompt_tokens: number
  completion_tokens: number
  cost_usd: number
}

export const newUsage = (): JudgeUsage => ({ calls: 0, prompt_tokens: 0, completion_tokens: 0, cost_usd: 0 })

export type JudgeAnswer = { ok: true; text: string } | { ok: false; reason: 'judge_unavailable' | 'judge_error'; error: string }

export interface AskOptions {
  maxTokens?: number
  temperature?: number
}

export async function askJudge(ctx: ScoreContext, messages: ChatMessage[], usage: JudgeUsage, opts: AskOptions = {}): Promise<JudgeAnswer> {
  if (!ctx.judge.available) return { ok: false, reason: 'judge_unavailable', error: ctx.judge.unavailableReason ?? 'no judge configured' }
  usage.calls++
  try {
    const reply = await ctx.judge.complete(messages, { maxTokens: opts.maxTokens ?? 2048, temperature: opts.temperature ?? 0, signal: ctx.signal })
    usage.prompt_tokens += reply.promptTokens || 0
    usage.completion_tokens += reply.completionTokens || 0
    usage.cost_usd += reply.costUsd || 0
    return { ok: true, text: reply.text ?? '' }
  } catch (e) {
    if (ctx.signal?.aborted) throw e
    // stored in the JSONL: never a key, even if a client put one in its message
    return { ok: false, reason: 'judge_error', error: redactSecrets(e instanceof Error ? e.message : String(e)).slice(0, 500) }
  }
}

/** The judge could not answer: the sample is unscored (null), never wrong, and says why. */
export function judgeUnscored(answer: Extract<JudgeAnswer, { ok: false }>, metadata: Record<string, unknown>, expected?: string): Score {
  return {
    isCorrect: null,
    reason: answer.reason,
    ...(expected !== undefined ? { expected } : {}),
    metadata: { ...metadata, reason: answer.reason, judge_error: answer.error },
  }
}

/** `scoring_metadata.judge` of a line a keyword heuristic scored because no judge was available. */
export const HEURISTIC_JUDGE = 'heuristic'

/**
 * The marks of a heuristic verdict (use-case benchmarks without a judge, as OpenJarvis fell back): the line
 * says so, and the summary counts such lines (`judge.heuristic_samples`), so a keyword score is never mistaken
 * for a judged one.
 */
export const heuristicMarks = (ctx: Pick<ScoreContext, 'judge'>): { judge: string; judge_unavailable: string } => ({
  judge: HEURISTIC_JUDGE,
  judge_unavailable: ctx.judge.unavailableReason ?? 'no judge configured',
})
