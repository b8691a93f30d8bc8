// `web_search` and `web_fetch` over one provider (search-provider.ts): the same pages for both, so a corpus run
// is closed and a SearXNG run is live.
import type { Tool } from '../core/tool.ts'
import { capText, intArg, stringArg } from './args.ts'
import type { SearchProvider } from './search-provider.ts'

const PAGE_CHARS = 20_000

export function webSearchTool(provider: SearchProvider): Tool {
  return {
    spec: {
      name: 'web_search',
      description: 'Search the web. Returns the top results: title, URL and a snippet. Use web_fetch to read a page.',
      parameters: {
        type: 'object',
        properties: { query: { type: 'string', description: 'The search query' }, max_results: { type: 'integer', description: 'How many results (1-10, default 5)' } },
        required: ['query'],
      },
    },
    async call(args, { signal }) {
      const query = stringArg(args, 'query', { max: 1000 })
      const hits = await provider.search(query, { maxResults: intArg(args, 'max_results', { min: 1, max: 10, fallback: 5 }), signal })
      if (!hits.length) return { content: `no results for "${query}"` }
      return { content: hits.map((h, i) => `${i + 1}. ${h.title}\n   ${h.url}\n   ${h.snippet.replace(/\s+/g, ' ').trim()}`).join('\n') }
    },
  }
}

export function webFetchTool(provider: SearchProvider): Tool {
  return {
    spec: {
      name: 'web_fetch',
      description: 'Fetch a web page by URL and return its text.',
      parameters: { type: 'object', properties: { url: { type: 'string', description: 'The page URL (http or https)' } }, required: ['url'] },
    },
    async call(args, { signal }) {
      const page = await provider.fetch(stringArg(args, 'url', { max: 4000 }), { signal })
      return { content: `${page.title}\n${page.url}\n\n${capText(page.text, PAGE_CHARS)}` }
    },
  }
}
