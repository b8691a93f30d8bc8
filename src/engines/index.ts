import { JarvisError } from '../core/errors.ts'
import type { Engine } from '../core/engine.ts'
import { OpenAICompatibleEngine } from './openai-compatible.ts'
import type { PriceOverrides } from './pricing.ts'
import { CLOUD_PROVIDERS, OPENAI_COMPATIBLE_HOSTS } from './resolve-engine.ts'

export interface EngineSpec {
  engine: string
  model: string
  baseUrl: string | null
  maxRetries: number
  /** Embedded llama.cpp only. */
  threads?: number | null
  contextSize?: number | null
  maxSequences?: number
  log?: (line: string) => void
  /**
   * Whose endpoint this is. --api-key / JARVIS_BACKEND_API_KEY belong to the model's endpoint only; the judge's
   * takes JARVIS_JUDGE_API_KEY or its engine's own variable, so the model server's key never goes to the judge's
   * base_url (and the other way round).
   */
  role?: 'model' | 'judge'
  /** The suite's [pricing] overrides (cloud engines price their answers). */
  prices?: PriceOverrides
}

export function cloudProviderFor(model: string, env: NodeJS.ProcessEnv = process.env): { base: string; keyEnv: string; key: string | undefined } {
  const p = CLOUD_PROVIDERS.find((c) => c.family.test(model))!
  const key = env[p.keyEnv] || (p.keyEnv === 'GEMINI_API_KEY' ? env.GOOGLE_API_KEY : undefined)
  const base = p.keyEnv === 'OPENAI_API_KEY' && env.OPENAI_BASE_URL ? env.OPENAI_BASE_URL : p.base
  return { base, keyEnv: p.keyEnv, key }
}

/** Builds the engine for a model. Hosts and keys: flag > JARVIS_BACKEND_* (JARVIS_JUDGE_API_KEY for the judge) > <ENGINE>_HOST/_API_KEY > default. */
export async function createEngine(s: EngineSpec, env: NodeJS.ProcessEnv = process.env): Promise<Engine> {
  const apiKeyOverride = (s.role === 'judge' ? env.JARVIS_JUDGE_API_KEY : env.JARVIS_BACKEND_API_KEY) || undefined
  switch (s.engine) {
    case 'llamacpp': {
      const { createLlamaCppEngine } = await import('./llama-cpp.ts')
      return createLlamaCppEngine({
        model: s.model,
        threads: s.threads ?? undefined, // defaultThreads(): cores − 1, 1 to 4
        contextSize: s.contextSize ?? undefined,
        maxSequences: s.maxSequences ?? 1,
        log: s.log,
      })
    }
    case 'ollama': {
      // The ollama client is loaded for Ollama runs only.
      const { OllamaEngine } = await import('./ollama.ts')
      return new OllamaEngine({ host: s.baseUrl ?? env.OLLAMA_HOST ?? 'http://127.0.0.1:11434', maxRetries: s.maxRetries, numCtx: Number(env.JARVIS_NUM_CTX) || undefined })
    }
    case 'cloud': {
      if (s.baseUrl) return new OpenAICompatibleEngine({ key: 'cloud', baseUrl: s.baseUrl, apiKey: apiKeyOverride, maxRetries: s.maxRetries, priced: true, prices: s.prices })
      const p = cloudProviderFor(s.model, env)
      if (!p.key) throw new JarvisError('JARVIS_ENDPOINT_UNREACHABLE', `cloud model "${s.model}" needs ${p.keyEnv} in the environment. Set it, or point --base-url at an OpenAI-compatible server.`)
      return new OpenAICompatibleEngine({ key: 'cloud', baseUrl: p.base, apiKey: p.key, maxRetries: s.maxRetries, priced: true, prices: s.prices, maxCompletionTokens: p.keyEnv === 'OPENAI_API_KEY' })
    }
    case 'openai-compatible': {
      const base = s.baseUrl ?? env.OPENAI_COMPAT_HOST
      if (!base) throw new JarvisError('JARVIS_BAD_OPTION', `engine "openai-compatible" needs an endpoint: pass --base-url URL (or set JARVIS_BACKEND_BASE_URL, or [[models]] base_url).`)
      // An endpoint that came from OPENAI_BASE_URL takes OPENAI_API_KEY, as the OpenAI SDK would.
      const apiKey = apiKeyOverride ?? env.OPENAI_COMPAT_API_KEY ?? (base === env.OPENAI_BASE_URL ? env.OPENAI_API_KEY : undefined)
      return new OpenAICompatibleEngine({ key: 'openai-compatible', baseUrl: base, apiKey, maxRetries: s.maxRetries })
    }
    default: {
      const defaultHost = OPENAI_COMPATIBLE_HOSTS[s.engine]
      if (!defaultHost) throw new JarvisError('JARVIS_UNKNOWN_ENGINE', `unknown engine "${s.engine}".`)
      const envName = s.engine.replace('-server', '').replace(/-/g, '_').toUpperCase()
      const host = s.baseUrl ?? env[`${envName}_HOST`] ?? defaultHost
      return new OpenAICompatibleEngine({ key: s.engine, baseUrl: host, apiKey: apiKeyOverride ?? env[`${envName}_API_KEY`], maxRetries: s.maxRetries })
    }
  }
}
