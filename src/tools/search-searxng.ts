// The SearXNG provider: GET {base}/search?q=…&format=json (the instance must list "json" in search.formats),
// and pages fetched over HTTP(S) with the text pulled out of the HTML. No API key; self-hostable.
import { deadline } from '../core/deadline.ts'
import type { FetchedPage, SearchHit, SearchProvider } from './search-provider.ts'

const PAGE_MAX_BYTES = 5 * 2 ** 20
const TIMEOUT_MS = 20_000

/** `work` under the caller's signal and TIMEOUT_MS, the body's reading included. */
async function withTimeout<T>(signal: AbortSignal | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const limit = deadline(signal, TIMEOUT_MS)
  try {
    return await work(limit.signal!)
  } finally {
    limit.dispose()
  }
}

/** Visible text of an HTML page: scripts, styles and tags out, entities decoded, whitespace folded. */
export function htmlToText(html: string): { title: string; text: string } {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1]?.trim() ?? ''
  const body = html
    .replace(/<(script|style|noscript|template|svg|title)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(br|\/p|\/div|\/li|\/h[1-6]|\/tr)[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, ' ')
  return { title: decode(title), text: decode(body).replace(/[ \t\f\r]+/g, ' ').replace(/\s*\n\s*/g, '\n').trim() }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) =>
    e[0] === '#' ? String.fromCodePoint(e[1].toLowerCase() === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : (ENTITIES[e.toLowerCase()] ?? m),
  )


export class SearxngProvider implements SearchProvider {
  readonly name = 'searxng'
  private readonly base: string
  constructor(base: string) {
    this.base = base.replace(/\/+$/, '')
  }

  search(query: string, o: { maxResults: number; signal?: AbortSignal }): Promise<SearchHit[]> {
    return withTimeout(o.signal, async (signal) => {
      const url = `${this.base}/search?${new URLSearchParams({ q: query, format: 'json' })}`
      const res = await fetch(url, { signal, headers: { accept: 'application/json' } })
      if (!res.ok) throw new Error(`search failed: HTTP ${res.status} from the SearXNG instance${res.status === 403 ? ' (enable the json format in its settings.yml)' : ''}`)
      const body = (await res.json()) as { results?: { url?: string; title?: string; content?: string }[] }
      return (body.results ?? [])
        .filter((r) => typeof r.url === 'string')
        .slice(0, o.maxResults)
        .map((r) => ({ url: r.url!, title: r.title ?? r.url!, snippet: r.content ?? '' }))
    })
  }

  async fetch(url: string, o: { signal?: AbortSignal }): Promise<FetchedPage> {
    if (!/^https?:\/\//i.test(url)) throw new Error('only http:// and https:// URLs can be fetched')
    return withTimeout(o.signal, async (signal) => {
      const res = await fetch(url, { signal, redirect: 'follow', headers: { accept: 'text/html,text/plain;q=0.9,*/*;q=0.5' } })
      if (!res.ok) throw new Error(`HTTP ${res.status} fetching ${url}`)
      const reader = res.body?.getReader()
      const chunks: Uint8Array[] = []
      let size = 0
      while (reader) {
        const { done, value } = await reader.read()
        if (done) break
        chunks.push(value)
        size += value.length
        if (size > PAGE_MAX_BYTES) {
          await reader.cancel()
          break
        }
      }
      const raw = Buffer.concat(chunks).toString('utf8')
      const type = res.headers.get('content-type') ?? ''
      if (/html/i.test(type) || /^\s*</.test(raw)) return { url: res.url || url, ...htmlToText(raw) }
      return { url: res.url || url, title: url, text: raw }
    })
  }
}
