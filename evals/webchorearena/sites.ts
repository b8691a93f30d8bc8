// The WebArena sites a WebChoreArena task runs on, as its `.raw.json` config names them: placeholders
// (__SHOPPING__ …) filled from [benchmarks.options] or the environment variables WebArena uses (SHOPPING,
// SHOPPING_ADMIN, REDDIT, GITLAB, WIKIPEDIA, MAP). The non-raw configs hard-code the authors' private network
// (http://172.16.2.4:…); they are never read. Each site a run needs is probed (a GET, 5 s) before any sample.
import { JarvisError } from '../../src/core/errors.ts'

export const SITES = {
  shopping: { placeholder: '__SHOPPING__', env: 'SHOPPING', example: 'http://localhost:7770' },
  shopping_admin: { placeholder: '__SHOPPING_ADMIN__', env: 'SHOPPING_ADMIN', example: 'http://localhost:7780' },
  reddit: { placeholder: '__REDDIT__', env: 'REDDIT', example: 'http://localhost:9999' },
  gitlab: { placeholder: '__GITLAB__', env: 'GITLAB', example: 'http://localhost:8023' },
  wikipedia: { placeholder: '__WIKIPEDIA__', env: 'WIKIPEDIA', example: 'http://localhost:8888' },
  map: { placeholder: '__MAP__', env: 'MAP', example: 'http://localhost:3000' },
} as const
export type Site = keyof typeof SITES
export const SITE_NAMES = Object.keys(SITES) as Site[]

/** The configured URL of each site (the option first, then the environment), without a trailing slash. */
export function siteUrls(options: Record<string, string> = {}, env: NodeJS.ProcessEnv = process.env): Partial<Record<Site, string>> {
  const out: Partial<Record<Site, string>> = {}
  for (const s of SITE_NAMES) {
    const v = (options[s] ?? env[SITES[s].env] ?? '').trim().replace(/\/+$/, '')
    if (v) out[s] = v
  }
  return out
}

/** Every placeholder in a task config replaced by its site's URL (unconfigured ones stay, and prepare() says so). */
export function fill<T>(value: T, urls: Partial<Record<Site, string>>): T {
  if (typeof value === 'string') {
    let s: string = value
    for (const site of SITE_NAMES) if (urls[site]) s = s.split(SITES[site].placeholder).join(urls[site]!)
    return s as T
  }
  if (Array.isArray(value)) return value.map((v) => fill(v, urls)) as T
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, urls)])) as T
  return value
}

/** The sites a task config points at: its `sites` (in its order; the first is the record's subject), then any other placeholder it uses. */
export function sitesOf(config: Record<string, unknown>): Site[] {
  const text = JSON.stringify(config)
  const named = (Array.isArray(config.sites) ? (config.sites as string[]) : []).filter((s): s is Site => (SITE_NAMES as string[]).includes(s))
  return [...named, ...SITE_NAMES.filter((s) => !named.includes(s) && text.includes(SITES[s].placeholder))]
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/

/** Each needed site configured and answering HTTP; one line naming all that are not, and how to fix it. */
export async function probeSites(needed: readonly Site[], urls: Partial<Record<Site, string>>, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const problems: string[] = []
  for (const site of needed) {
    const { env: name, example } = SITES[site]
    const url = urls[site]
    if (!url) {
      problems.push(`${name} is not set`)
      continue
    }
    let host: string
    try {
      host = new URL(url).hostname
    } catch {
      problems.push(`${name}=${url} is not a URL (e.g. ${example})`)
      continue
    }
    // The tests' browser stays on this machine; so do their sites.
    if (env.JARVIS_BROWSER_LOOPBACK_ONLY === '1' && !LOOPBACK.test(host)) {
      problems.push(`${name}=${url} is not on 127.0.0.1 (JARVIS_BROWSER_LOOPBACK_ONLY=1)`)
      continue
    }
    const why = await answers(url)
    if (why) problems.push(`${name}=${url} did not answer (${why})`)
  }
  if (problems.length)
    throw new JarvisError(
      'JARVIS_REQUIREMENT',
      `webchorearena needs the WebArena sites: ${problems.join('; ')}. Start the WebArena containers and set ${needed.map((s) => SITES[s].env).join(', ')} (or [benchmarks.options] ${needed.join(', ')}).`,
    )
}

async function answers(url: string): Promise<string | null> {
  try {
    const r = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5000) })
    await r.body?.cancel()
    return null
  } catch (e) {
    const err = e as Error & { cause?: { code?: string } }
    return err.name === 'TimeoutError' ? 'no answer in 5 s' : (err.cause?.code ?? err.message)
  }
}
