import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTools } from '../../src/tools/index.ts'
import { createSearchProvider } from '../../src/tools/search-provider.ts'
import { htmlToText } from '../../src/tools/search-searxng.ts'

const ctx = { environment: null }
const CORPUS = [
  { url: 'https://en.wikipedia.org/wiki/Mount_Everest', title: 'Mount Everest', text: 'Mount Everest is Earth\'s highest mountain above sea level, 8,849 metres.' },
  { url: 'https://en.wikipedia.org/wiki/K2', title: 'K2', text: 'K2 is the second-highest mountain on Earth, 8,611 metres.' },
  { url: 'https://en.wikipedia.org/wiki/Nile', title: 'Nile', text: 'The Nile is a major river in northeastern Africa.' },
]

describe('local corpus provider', () => {
  test('ranks by BM25 and fetches pages by URL', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jarvis-corpus-'))
    writeFileSync(join(dir, 'c.jsonl'), CORPUS.map((d) => JSON.stringify(d)).join('\n'))
    const p = await createSearchProvider({ JARVIS_SEARCH_CORPUS: join(dir, 'c.jsonl') })
    const hits = await p.search('highest mountain above sea level', { maxResults: 5 })
    expect(hits.map((h) => h.title)).toEqual(['Mount Everest', 'K2'])
    expect((await p.fetch('https://en.wikipedia.org/wiki/Nile', {})).text).toContain('northeastern Africa')
    await expect(p.fetch('https://example.com/x', {})).rejects.toThrow('no page at https://example.com/x in the local corpus')
  })

  test('without a provider the web tools are bad input, with how to configure one', async () => {
    await expect(createSearchProvider({})).rejects.toThrow('web_search and web_fetch need a search provider: set JARVIS_SEARXNG_URL')
  })
})

describe('SearXNG provider (a SearXNG-shaped JSON API on loopback)', () => {
  let server: http.Server
  let base: string
  const seen: string[] = []
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(req.url ?? '')
      const u = new URL(req.url ?? '/', 'http://x')
      if (u.pathname === '/search') {
        if (u.searchParams.get('format') !== 'json') return res.writeHead(403).end()
        res.writeHead(200, { 'content-type': 'application/json' })
        return res.end(JSON.stringify({ query: u.searchParams.get('q'), results: [{ url: `${base}/page`, title: 'Everest facts', content: 'It is 8,849 m tall.', engine: 'x' }] }))
      }
      if (u.pathname === '/page') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        return res.end('<html><head><title>Everest &amp; K2</title><style>p{}</style></head><body><p>Height: 8,849&nbsp;m</p><script>alert(1)</script></body></html>')
      }
      res.writeHead(404).end()
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((r) => server.close(() => r())))

  test('web_search asks /search?format=json; web_fetch returns the page text', async () => {
    process.env.JARVIS_SEARXNG_URL = `${base}/`
    try {
      const [search, fetch] = await createTools(['web_search', 'web_fetch'])
      const r = await search.call({ query: 'everest height' }, ctx)
      expect(r.content).toBe(`1. Everest facts\n   ${base}/page\n   It is 8,849 m tall.`)
      expect(seen[0]).toBe('/search?q=everest+height&format=json')
      expect((await fetch.call({ url: `${base}/page` }, ctx)).content).toBe(`Everest & K2\n${base}/page\n\nHeight: 8,849 m`)
      await expect(fetch.call({ url: 'file:///etc/passwd' }, ctx)).rejects.toThrow('only http:// and https:// URLs can be fetched')
    } finally {
      delete process.env.JARVIS_SEARXNG_URL
    }
  })

  test('html to text drops scripts and styles and decodes entities', () => {
    expect(htmlToText('<title>A &lt;b&gt;</title><div>one</div><div>two &#x41;&#66;</div><noscript>x</noscript>')).toEqual({ title: 'A <b>', text: 'one\ntwo AB' })
  })
})
