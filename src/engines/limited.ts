import type { Engine } from '../core/engine.ts'
import { Semaphore } from '../core/semaphore.ts'

/**
 * Requests in flight bounded by `limit` (max_workers), shared by every backend and sample of this worker that
 * uses the engine: Vitest 4's maxConcurrency caps tests per file, not requests per model.
 */
export function limitedEngine(engine: Engine, limit: number): Engine & { limiter: Semaphore } {
  const limiter = new Semaphore(limit)
  return {
    key: engine.key,
    where: engine.where,
    limiter,
    checkModel: (model, signal) => engine.checkModel(model, signal),
    generate: (params) => limiter.run(() => engine.generate(params)),
    close: () => engine.close(),
  }
}

/**
 * Checks once, before the first request, that the endpoint serves `model`: when it does not, every sample fails
 * with the same clear message instead of one HTTP error each.
 */
export function checkedEngine(engine: Engine, model: string): Engine {
  let checked: Promise<void> | null = null
  return {
    key: engine.key,
    where: engine.where,
    checkModel: (m, signal) => engine.checkModel(m, signal),
    async generate(params) {
      await (checked ??= engine.checkModel(model))
      return engine.generate(params)
    },
    close: () => engine.close(),
  }
}
