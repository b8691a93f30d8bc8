// Where web_search and web_fetch get their pages: a provider, chosen by the environment so runs are
// reproducible and keyless. JARVIS_SEARXNG_URL → a SearXNG instance's JSON API (self-hostable, no key);
// JARVIS_SEARCH_CORPUS → a local JSONL corpus ({url, title, text} a line): offline, deterministic (tests).
import { JarvisError } from '../core/errors.ts'

export interface SearchHit {
  url: string
  title: string
  snippet: string
}

export interface FetchedPage {
  url: string
  title: string
  text: string
}

export interface SearchProvider {
  readonly name: string
  search(query: string, o: { maxResults: number; signal?: AbortSignal }): Promise<SearchHit[]>
  fetch(url: string, o: { signal?: AbortSignal }): Promise<FetchedPage>
}

/** Why web tools cannot run here, or null when a provider is configured (checked before any model call). */
export function searchProviderProblem(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.JARVIS_SEARXNG_URL || env.JARVIS_SEARCH_CORPUS) return null
  return 'web_search and web_fetch need a search provider: set JARVIS_SEARXNG_URL=http://host:8080 (a SearXNG instance with the json format enabled) or JARVIS_SEARCH_CORPUS=corpus.jsonl (lines of {"url", "title", "text"}).'
}

export async function createSearchProvider(env: NodeJS.ProcessEnv = process.env): Promise<SearchProvider> {
  const problem = searchProviderProblem(env)
  if (problem) throw new JarvisError('JARVIS_BAD_OPTION', problem)
  if (env.JARVIS_SEARXNG_URL) return new (await import('./search-searxng.ts')).SearxngProvider(env.JARVIS_SEARXNG_URL)
  return (await import('./search-corpus.ts')).loadCorpusProvider(env.JARVIS_SEARCH_CORPUS!)
}
