// The local-corpus search provider: documents from a JSONL file, ranked by BM25 over lowercase word tokens.
// Offline and deterministic, for tests and for benchmarks that ship their own pages.
import { readFileSync } from 'node:fs'
import { JarvisError } from '../core/errors.ts'
import type { FetchedPage, SearchHit, SearchProvider } from './search-provider.ts'

interface Doc extends FetchedPage {
  terms: Map<string, number>
  length: number
}

const tokenize = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []

export function loadCorpusProvider(path: string): SearchProvider {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch {
    throw new JarvisError('JARVIS_BAD_OPTION', `JARVIS_SEARCH_CORPUS=${path}: file not found. Point it at a JSONL file of {"url", "title", "text"} lines.`)
  }
  const docs: Doc[] = []
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return
    let d: Partial<FetchedPage>
    try {
      d = JSON.parse(line)
    } catch {
      throw new JarvisError('JARVIS_BAD_OPTION', `JARVIS_SEARCH_CORPUS=${path} line ${i + 1}: not JSON.`)
    }
    if (typeof d.url !== 'string' || typeof d.text !== 'string') throw new JarvisError('JARVIS_BAD_OPTION', `JARVIS_SEARCH_CORPUS=${path} line ${i + 1}: needs "url" and "text" strings.`)
    const tokens = tokenize(`${d.title ?? ''} ${d.text}`)
    const terms = new Map<string, number>()
    for (const t of tokens) terms.set(t, (terms.get(t) ?? 0) + 1)
    docs.push({ url: d.url, title: d.title ?? d.url, text: d.text, terms, length: tokens.length })
  })
  const avg = docs.reduce((a, d) => a + d.length, 0) / Math.max(1, docs.length)
  const df = (t: string) => docs.filter((d) => d.terms.has(t)).length
  return {
    name: 'corpus',
    async search(query, { maxResults }) {
      const q = [...new Set(tokenize(query))]
      const idf = new Map(q.map((t) => [t, Math.log(1 + (docs.length - df(t) + 0.5) / (df(t) + 0.5))]))
      const scored = docs.map((d) => {
        let s = 0
        for (const t of q) {
          const f = d.terms.get(t) ?? 0
          if (f) s += (idf.get(t)! * f * 2.2) / (f + 1.2 * (0.25 + (0.75 * d.length) / avg))
        }
        return { d, s }
      })
      return scored
        .filter((x) => x.s > 0)
        .sort((a, b) => b.s - a.s || a.d.url.localeCompare(b.d.url))
        .slice(0, maxResults)
        .map(({ d }): SearchHit => ({ url: d.url, title: d.title, snippet: d.text.slice(0, 300) }))
    },
    async fetch(url) {
      const d = docs.find((x) => x.url === url)
      if (!d) throw new Error(`no page at ${url} in the local corpus`)
      return { url: d.url, title: d.title, text: d.text }
    },
  }
}
