// Hugging Face Hub settings read from the environment, the way huggingface_hub (Python) reads them.
// @huggingface/hub 2.17.5 reads neither HF_ENDPOINT nor HF_TOKEN (vitest-hub-lab.md §1 pitfalls), so the
// loader passes `hubUrl` and `accessToken` from here on every call.
//
//   hubSettingsFromEnv(env = process.env): HubSettings
//
// The token is a secret: never put it (or a settings object holding it) into a message, result or log.
import { homedir } from 'node:os'
import { join } from 'node:path'
import { JarvisError } from '../core/errors.ts'

export interface HubSettings {
  /** HF_ENDPOINT, else https://huggingface.co (no trailing slash). */
  endpoint: string
  /** HF_TOKEN, else HUGGING_FACE_HUB_TOKEN. Secret. */
  token?: string
  /** HF_HUB_CACHE, else HUGGINGFACE_HUB_CACHE, else $HF_HOME/hub, else $XDG_CACHE_HOME/huggingface/hub, else ~/.cache/huggingface/hub. */
  cacheDir: string
  /** HF_HUB_OFFLINE=1|true|yes|on: no network request at all, the cache only. */
  offline: boolean
}

export const DEFAULT_HUB_ENDPOINT = 'https://huggingface.co'

type Env = Record<string, string | undefined>

export function hubSettingsFromEnv(env: Env = process.env): HubSettings {
  const get = (name: string) => (env[name]?.trim() ? env[name]!.trim() : undefined)
  const endpoint = (get('HF_ENDPOINT') ?? DEFAULT_HUB_ENDPOINT).replace(/\/+$/, '')
  if (!/^https?:\/\/[^/]/.test(endpoint)) {
    throw new JarvisError('JARVIS_BAD_OPTION', `HF_ENDPOINT="${endpoint}" is not an http(s) URL. Set it like ${DEFAULT_HUB_ENDPOINT} or unset it.`)
  }
  const token = get('HF_TOKEN') ?? get('HUGGING_FACE_HUB_TOKEN')
  const hfHome = get('HF_HOME')
  const xdg = get('XDG_CACHE_HOME')
  const cacheDir =
    get('HF_HUB_CACHE') ??
    get('HUGGINGFACE_HUB_CACHE') ??
    (hfHome ? join(expandHome(hfHome), 'hub') : xdg ? join(expandHome(xdg), 'huggingface', 'hub') : join(homedir(), '.cache', 'huggingface', 'hub'))
  // Same truthy spellings as huggingface_hub's _is_true.
  const offline = ['1', 'true', 'yes', 'on'].includes((get('HF_HUB_OFFLINE') ?? '').toLowerCase())
  return { endpoint, ...(token ? { token } : {}), cacheDir: expandHome(cacheDir), offline }
}

function expandHome(p: string): string {
  return p === '~' || p.startsWith('~/') ? join(homedir(), p.slice(1)) : p
}
