import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import type { GenerateParams, GenerateResult } from '../harness/types.ts'

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
    const material = JSON.stringify({ v: 1, engine: id.engine, where: id.where, trial: id.trial ?? 0, model: p.model, messages: p.messages, temperature: p.temperature, max_tokens: p.maxTokens, seed: p.seed ?? null })
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
