import type { Attempt, Backend, SampleTask, SolveContext } from '../core/backend.ts'
import type { Engine } from '../core/engine.ts'
import { assistantMessage, attemptFrom, failedAttempt, turnOf } from './attempt.ts'

/**
 * `jarvis-direct`: one engine call per sample, the benchmark's messages as they are. The engine comes from the
 * worker's pool, already bounded by max_workers, model-checked once and cached when --cache is on.
 */
export class JarvisDirectBackend implements Backend {
  readonly key = 'jarvis-direct'
  constructor(
    private readonly engine: Engine,
    private readonly model: string,
  ) {}

  async ready(): Promise<void> {}

  async solve(task: SampleTask, ctx: SolveContext): Promise<Attempt> {
    try {
      const r = await this.engine.generate({ model: this.model, messages: task.messages, ...task.generation, signal: ctx.signal })
      return attemptFrom(task, { answer: r.content, transcript: [...task.messages, assistantMessage(r)], turns: [turnOf(r)] })
    } catch (e) {
      return failedAttempt(task, e)
    }
  }

  async close(): Promise<void> {}
}
