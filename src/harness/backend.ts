import type { ResolvedRun } from '../config/resolved-run.ts'
import { ResponseCache } from '../cache/response-cache.ts'
import { createEngine } from '../engines/index.ts'
import { Semaphore } from './semaphore.ts'
import type { Engine, GenerateParams, GenerateResult } from './types.ts'

/**
 * The `jarvis-direct` backend: one engine per worker, and a semaphore that bounds requests in flight to
 * max_workers (Vitest 4's maxConcurrency caps tests per file, not requests per model).
 */
export class DirectBackend {
  readonly name = 'jarvis-direct'
  readonly limiter: Semaphore
  private checked: Promise<void> | null = null

  constructor(
    readonly engine: Engine,
    readonly model: string,
    maxWorkers: number,
    readonly cache: ResponseCache | null = null,
  ) {
    this.limiter = new Semaphore(maxWorkers)
  }

  /** Fails every sample with one clear message when the model is not served (checked once per worker). */
  ready(): Promise<void> {
    this.checked ??= this.engine.checkModel(this.model)
    return this.checked
  }

  async generate(p: Omit<GenerateParams, 'model'>): Promise<GenerateResult> {
    const params = { ...p, model: this.model }
    const key = this.cache && ResponseCache.cacheable(params) ? this.cache.key({ engine: this.engine.key, where: this.engine.where }, params) : null
    if (key) {
      const hit = this.cache!.get(key)
      if (hit) return { ...hit, cached: true, latencySeconds: 0, ttftSeconds: 0, retries: 0, costUsd: 0 }
    }
    await this.ready()
    const r = await this.limiter.run(() => this.engine.generate(params))
    if (key) this.cache!.set(key, r)
    return r
  }

  close(): Promise<void> {
    return this.engine.close()
  }
}

export async function createBackend(run: ResolvedRun, log?: (line: string) => void): Promise<DirectBackend> {
  const engine = await createEngine({
    engine: run.engine,
    model: run.modelFile ?? run.model,
    baseUrl: run.baseUrl,
    maxRetries: run.maxRetries,
    threads: run.threads,
    contextSize: run.contextSize,
    maxSequences: run.maxWorkers,
    log,
  })
  return new DirectBackend(engine, run.modelFile ?? run.model, run.maxWorkers, run.cache ? new ResponseCache() : null)
}
