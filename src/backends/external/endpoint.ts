// The endpoint an external agent's model calls go to (the run's baseUrl: --base-url, [[models]] base_url,
// JARVIS_BACKEND_BASE_URL or [backend.external]) and its key (environment only), checked before any sample.
import type { ResolvedRun } from '../../config/resolved-run.ts'
import { externalApiKey } from '../../config/external.ts'
import { JarvisError } from '../../core/errors.ts'
import { createEngine } from '../../engines/index.ts'
import { estimateCostUsd } from '../../engines/pricing.ts'

export function requireEndpoint(run: ResolvedRun): string {
  const url = run.baseUrl
  if (!url)
    throw new JarvisError('JARVIS_REQUIREMENT', `${run.backend} backend needs an OpenAI-compatible endpoint for its model calls: pass --base-url and --api-key, set JARVIS_BACKEND_BASE_URL/JARVIS_BACKEND_API_KEY, or add [backend.external] base_url/api_key to the config.`)
  let u: URL | null = null
  try {
    u = new URL(url)
  } catch {}
  if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:'))
    throw new JarvisError('JARVIS_BAD_OPTION', `${run.backend} backend: endpoint "${url}" is not an http(s) URL; give it as http://host:port/v1.`)
  return url
}

/** The endpoint answers GET /v1/models with the run's model (the same check every engine gets), with the run's key. */
export async function checkEndpointModel(run: ResolvedRun, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const baseUrl = requireEndpoint(run)
  const key = externalApiKey(env)
  const engine = await createEngine({ engine: run.engine === 'cloud' ? 'cloud' : 'openai-compatible', model: run.model, baseUrl, maxRetries: 0 }, { ...env, ...(key ? { JARVIS_BACKEND_API_KEY: key } : {}) })
  try {
    await engine.checkModel(run.model)
    return engine.where
  } finally {
    await engine.close()
  }
}

/** Calls are priced as the engine would price them: the cloud table for engine "cloud", else 0 (a local server). */
export const priceFor = (run: ResolvedRun) => (model: string, promptTokens: number, completionTokens: number): number =>
  run.engine === 'cloud' ? estimateCostUsd(model || run.model, promptTokens, completionTokens) : 0
