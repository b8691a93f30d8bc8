import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import type { Engine, GenerateParams, GenerateResult } from '../core/engine.ts'
/** `JARVIS_CACHE_DIR`, else `$XDG_CACHE_HOME/jarvis-evals/responses`, else `~/.cache/jarvis-evals/responses`. */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.JARVIS_CACHE_DIR ?? join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'jarvis-evals', 'responses')
}

export interface CacheIdentity {
  engine: string
  /** The endpoint: the same model name on two servers is two models. */
  where: string
  trial?: number
}

/**
 * The opt-in response cache (--cache): one JSON file per request, keyed by a hash of engine, endpoint, model,
 * messages, sampling settings and trial index. A sampled request without a seed is never cached: its answer is
 * not a function of its inputs. Errors are never cached.
 */
export class ResponseCache {
  hits = 0
  constructor(readonly dir: string = cacheDir()) {}

  static cacheable(p: Pick<GenerateParams, 'temperature' | 'seed'>): boolean {
    return p.temperature === 0 || p.seed !== undefined
  }

  key(id: CacheIdentity, p: GenerateParams): string {
    // Tools join the material only when offered, so one-call requests keep the keys they always had.
    const tools = p.tools?.length ? { tools: p.tools } : {}
    const material = JSON.stringify({ v: 1, engine: id.engine, where: id.where, trial: id.trial ?? 0, model: p.model, messages: p.messages, temperature: p.temperature, max_tokens: p.maxTokens, seed: p.seed ?? null, ...tools })
    return createHash('sha256').update(material).digest('hex')
  }

  private path(key: string): string {
    return join(this.dir, key.slice(0, 2), `${key}.json`)
  }

  get(key: string): GenerateResult | null {
    const path = this.path(key)
    if (!existsSync(path)) return null
    try {
      const r = JSON.parse(readFileSync(path, 'utf8')) as GenerateResult
      this.hits++
      return r
    } catch {
      return null // a torn or foreign file is a miss, never an error
    }
  }

  set(key: string, r: GenerateResult): void {
    const path = this.path(key)
    mkdirSync(dirname(path), { recursive: true })
    const tmp = `${path}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`
    writeFileSync(tmp, JSON.stringify(r))
    renameSync(tmp, path)
  }
}

/**
 * An engine whose answers come from the cache when it has them (no model call: latency, TTFT, retries and cost
 * 0) and are stored after a call. Any backend gets it, so an agent's turns are cached like a one-call sample's.
 */
export function cachedEngine(engine: Engine, cache: ResponseCache): Engine {
  return {
    key: engine.key,
    where: engine.where,
    checkModel: (model, signal) => engine.checkModel(model, signal),
    close: () => engine.close(),
    async generate(params) {
      const key = ResponseCache.cacheable(params) ? cache.key({ engine: engine.key, where: engine.where }, params) : null
      if (key) {
        const hit = cache.get(key)
        if (hit) return { ...hit, cached: true, latencySeconds: 0, ttftSeconds: 0, retries: 0, costUsd: 0 }
      }
      const r = await engine.generate(params)
      if (key) cache.set(key, r)
      return r
    },
  }
}
