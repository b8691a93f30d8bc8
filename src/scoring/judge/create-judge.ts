import { createEngine } from '../../engines/index.ts'
import type { ResolvedRun } from '../../config/resolved-run.ts'
import { Semaphore } from '../../core/semaphore.ts'
import type { ChatMessage } from '../../core/messages.ts'
import type { Engine } from '../../core/engine.ts'
import type { Judge, JudgeReply } from '../../core/judge.ts'
import { isJarvisError } from '../../core/errors.ts'

type JudgeConfig = ResolvedRun['judge']

/**
 * The judge: any engine the harness has, with its own concurrency bound and the same retry policy as
 * inference. Construction never fails: an unreachable judge is `available: false` with the reason, and
 * scorers then return null verdicts instead of guessing.
 */
export async function createJudge(cfg: JudgeConfig, opts: { maxRetries: number; env?: NodeJS.ProcessEnv }): Promise<Judge> {
  let engine: Engine | null = null
  let reason: string | null = null
  try {
    engine = await createEngine({ engine: cfg.engine, model: cfg.model, baseUrl: cfg.baseUrl, maxRetries: opts.maxRetries, maxSequences: cfg.maxWorkers, prices: cfg.prices, role: 'judge' }, opts.env)
  } catch (e) {
    reason = isJarvisError(e) ? e.message : `judge engine failed to start: ${(e as Error).message}`
  }
  const limiter = new Semaphore(cfg.maxWorkers)
  return {
    model: cfg.model,
    available: engine !== null,
    unavailableReason: reason,
    async complete(messages: ChatMessage[], o = {}): Promise<JudgeReply> {
      if (!engine) throw new Error(`judge unavailable: ${reason}`)
      const r = await limiter.run(() =>
        engine!.generate({ model: cfg.model, messages, temperature: o.temperature ?? cfg.temperature, maxTokens: o.maxTokens ?? cfg.maxTokens, signal: o.signal, ...(o.seed !== undefined ? { seed: o.seed } : {}), ...(o.tools?.length ? { tools: o.tools } : {}) }),
      )
      return { text: r.content, promptTokens: r.promptTokens, completionTokens: r.completionTokens, costUsd: r.costUsd, ...(r.toolCalls?.length ? { toolCalls: r.toolCalls } : {}) }
    },
  }
}
