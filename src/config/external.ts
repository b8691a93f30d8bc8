// The endpoint of the external agent backends (spec "Inference Backends": hermes and openclaw need an
// OpenAI-compatible endpoint for their model calls). Its URL travels in the run; its key only in the environment.
import type { Suite } from './schema.ts'

/** The backends that shell out to a foreign agent framework (the spec names these two). */
export const EXTERNAL_BACKENDS: ReadonlySet<string> = new Set(['hermes', 'openclaw'])

/** Where a `[backend.external] api_key` goes for the workers (ResolvedRun holds no secret). */
export const EXTERNAL_KEY_ENV = 'JARVIS_EXTERNAL_API_KEY'

/**
 * The endpoint URL, by this precedence: --base-url, [[models]] base_url (as for every backend), then
 * JARVIS_BACKEND_BASE_URL, then [backend.external] base_url (the spec: environment variables override TOML).
 */
export function externalBaseUrl(suite: Suite, flag: string | undefined, modelBaseUrl: string | undefined, env: NodeJS.ProcessEnv): string | null {
  return flag || modelBaseUrl || env.JARVIS_BACKEND_BASE_URL || suite.backend.external.base_url || null
}

/**
 * Hands `[backend.external] api_key` to the workers through the environment, below JARVIS_BACKEND_API_KEY
 * (--api-key), which wins. Only the external backends read it, so a jarvis-direct run of the same suite never
 * sends it anywhere.
 */
export function exportExternalApiKey(suite: Suite, env: NodeJS.ProcessEnv = process.env): void {
  const key = suite.backend.external.api_key
  if (key && !env[EXTERNAL_KEY_ENV]) env[EXTERNAL_KEY_ENV] = key
}

/** The key an external backend sends to its endpoint (null: a server that needs none). */
export const externalApiKey = (env: NodeJS.ProcessEnv = process.env): string | null => env.JARVIS_BACKEND_API_KEY || env[EXTERNAL_KEY_ENV] || null
