import { didYouMean, JarvisError } from '../errors.ts'

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

const CLOUD_PREFIXES = ['gpt-', 'chatgpt-', 'o1', 'o3', 'o4', 'claude', 'gemini', 'openrouter/', 'deepseek-', 'minimax', 'codex/']

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
