// What a browser_assistant attempt did with web tools, when its backend offered them (jarvis-agent with
// tools = ["web_search", "web_fetch"]): evidence in scoring_metadata, never part of the score, so a run with
// tools and one without are scored alike and can be compared.
//
//   WEB_TOOLS                         the tool names the benchmark uses when they are given
//   webToolUse(attempt, answer)       {} without tool calls; else { web_tool_calls, fetched_urls, cited_urls_seen }
import type { Attempt } from '../../src/core/backend.ts'

export const WEB_TOOLS = ['web_search', 'web_fetch'] as const

const URL_RE = /https?:\/\/[^\s)\]>"']+/g
const trimUrl = (u: string) => u.replace(/[.,;:]+$/, '')

export function webToolUse(attempt: Attempt | undefined, answer: string): Record<string, unknown> {
  const calls = (attempt?.transcript ?? []).flatMap((m) => m.toolCalls ?? []).filter((c) => (WEB_TOOLS as readonly string[]).includes(c.name))
  if (calls.length === 0) return {}
  const fetched = calls.filter((c) => c.name === 'web_fetch').map((c) => String(c.arguments?.url ?? '')).filter(Boolean)
  // URLs the model saw: the ones it fetched and any URL in a tool result (search hits)
  const seen = new Set([...fetched, ...(attempt?.transcript ?? []).filter((m) => m.role === 'tool').flatMap((m) => [...m.content.matchAll(URL_RE)].map((x) => trimUrl(x[0])))])
  const cited = [...new Set([...answer.matchAll(URL_RE)].map((x) => trimUrl(x[0])))]
  return { web_tool_calls: calls.length, fetched_urls: fetched, cited_urls_seen: cited.filter((u) => seen.has(u)).length, cited_urls: cited.length }
}
