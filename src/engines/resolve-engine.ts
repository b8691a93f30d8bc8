import { didYouMean, JarvisError } from '../core/errors.ts'

// Engine keys and where each one listens by default (OpenJarvis's table, §4.7 of the reference).
export const OPENAI_COMPATIBLE_HOSTS: Record<string, string> = {
  vllm: 'http://localhost:8000',
  sglang: 'http://localhost:30000',
  'llamacpp-server': 'http://localhost:8080',
  mlx: 'http://localhost:8080',
  lmstudio: 'http://localhost:1234',
  exo: 'http://localhost:52415',
  nexa: 'http://localhost:18181',
  lemonade: 'http://localhost:13305',
}
export const ENGINE_KEYS = ['openai-compatible', 'cloud', 'ollama', 'llamacpp', ...Object.keys(OPENAI_COMPATIBLE_HOSTS)] as const

/**
 * Cloud providers with an OpenAI-compatible API. `prefixes` make a model name a cloud model when no engine is
 * given; `family` picks the provider of a cloud model (the first that matches). Keys come from the environment only.
 */
export const CLOUD_PROVIDERS: { prefixes: string[]; family: RegExp; base: string; keyEnv: string }[] = [
  { prefixes: ['claude'], family: /^claude/i, base: 'https://api.anthropic.com/v1', keyEnv: 'ANTHROPIC_API_KEY' },
  { prefixes: ['gemini'], family: /^gemini/i, base: 'https://generativelanguage.googleapis.com/v1beta/openai', keyEnv: 'GEMINI_API_KEY' },
  { prefixes: ['openrouter/'], family: /^openrouter\//i, base: 'https://openrouter.ai/api/v1', keyEnv: 'OPENROUTER_API_KEY' },
  { prefixes: ['deepseek-'], family: /^deepseek/i, base: 'https://api.deepseek.com/v1', keyEnv: 'DEEPSEEK_API_KEY' },
  { prefixes: ['gpt-', 'chatgpt-', 'o1', 'o3', 'o4', 'minimax', 'codex/'], family: /./, base: 'https://api.openai.com/v1', keyEnv: 'OPENAI_API_KEY' },
]
const CLOUD_PREFIXES = CLOUD_PROVIDERS.flatMap((c) => c.prefixes)

export interface EngineChoice {
  model: string
  engine?: string
  provider?: string
  baseUrl?: string | null
}

/**
 * Picks the engine for a model. Explicit beats inferred; inference is printed at run start and the
 * model is checked against the endpoint before any sample, so nothing is ever silently substituted.
 */
export function resolveEngineKey(c: EngineChoice, where: string): string {
  if (c.engine && c.engine !== 'auto') {
    if (!(ENGINE_KEYS as readonly string[]).includes(c.engine))
      throw new JarvisError('JARVIS_UNKNOWN_ENGINE', `${where}: unknown engine "${c.engine}".${didYouMean(c.engine, ENGINE_KEYS)} Engines: ${ENGINE_KEYS.join(', ')}.`)
    return c.engine
  }
  if (c.baseUrl) return 'openai-compatible'
  if (/\.gguf$/i.test(c.model) || c.model.startsWith('hf:')) return 'llamacpp'
  // "name:tag" is Ollama's naming (gpt-oss:20b, deepseek-r1:8b) even when the name looks like a cloud model's.
  if (!c.provider && /^[^/:]+:[^/:]+$/.test(c.model)) return 'ollama'
  if (c.provider || CLOUD_PREFIXES.some((p) => c.model.toLowerCase().startsWith(p))) return 'cloud'
  if (c.model.includes('/') && !c.model.includes(':')) return 'vllm'
  return 'ollama'
}

/**
 * A model's engine and endpoint, by this precedence (README "Which engine a model uses"):
 *   1. an explicit URL: --base-url, else [[models]] base_url (openai-compatible unless an engine is given);
 *   2. an explicit engine: -e/--engine, else [[models]] engine (its own host: <ENGINE>_HOST or the default);
 *   3. no engine: JARVIS_BACKEND_BASE_URL → openai-compatible there;
 *   4. no engine: a .gguf path or hf: URI → llamacpp; a cloud provider's model (claude-…, gpt-…, provider =) → cloud
 *      (OpenAI's models go to OPENAI_BASE_URL when it is set);
 *   5. no engine: OPENAI_BASE_URL → openai-compatible there, for every other name (qwen3:8b, org/name, …);
 *   6. else Ollama for "name:tag" and plain names, vLLM for "org/name".
 */
export function resolveModelEngine(c: EngineChoice, where: string, env: NodeJS.ProcessEnv = process.env): { engine: string; baseUrl: string | null } {
  const explicit = c.engine && c.engine !== 'auto' ? c.engine : undefined
  const baseUrl = c.baseUrl || (!explicit && env.JARVIS_BACKEND_BASE_URL) || null
  const engine = resolveEngineKey({ ...c, baseUrl }, where)
  if (!explicit && !baseUrl && env.OPENAI_BASE_URL && (engine === 'ollama' || engine === 'vllm')) return { engine: 'openai-compatible', baseUrl: env.OPENAI_BASE_URL }
  return { engine, baseUrl }
}

/** Strips credentials and query strings from a URL for messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url)
    u.username = ''
    u.password = ''
    u.search = ''
    return u.toString().replace(/\/$/, '')
  } catch {
    return url
  }
}
