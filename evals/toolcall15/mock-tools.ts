// The 12 tools of one ToolCall-15 sample, serving the scenario's scripted outputs through the agent loop
// (OpenJarvis never served them: openjarvis-evals.md §10.15). A rule matches on argument substrings and on the
// call's number, so a retry after empty results (TC-13) or a unit change (TC-04) gets a different answer. A tool
// the scenario does not script answers as a mock service would: the calculator computes (mathjs, through the
// registry's calculator), a search finds nothing, code does not run, anything else has nothing for this request.
//
//   mockTools(scenario): Tool[]      fresh per sample: call counts start at zero
import type { Tool, ToolResult } from '../../src/core/tool.ts'
import { calculatorTool } from '../../src/tools/calculator.ts'
import { tools, type MockRule, type Scenario } from './scenarios.ts'

const text = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v ?? ''))

export function ruleMatches(rule: MockRule, args: Record<string, unknown>, callNumber: number): boolean {
  if (rule.call !== undefined && rule.call !== callNumber) return false
  return Object.entries(rule.when ?? {}).every(([key, want]) => {
    const got = text(args[key]).trim().toLowerCase()
    // "=es": the whole value (a language code must not match inside "japanese")
    return want.startsWith('=') ? got === want.slice(1).toLowerCase() : got.includes(want.toLowerCase())
  })
}

const serve = (output: Record<string, unknown>): ToolResult => ({ content: JSON.stringify(output), isError: 'error' in output })

async function fallback(name: string, args: Record<string, unknown>): Promise<ToolResult> {
  switch (name) {
    case 'calculator': {
      const r = await calculatorTool().call({ expression: text(args.expression) }, { environment: null })
      if (r.isError) return serve({ error: r.content.replace(/^error:\s*/, '') })
      const n = Number(r.content)
      return serve({ result: Number.isFinite(n) ? n : r.content })
    }
    case 'web_search':
      return serve({ results: [] })
    case 'run_code':
      return serve({ error: 'Code execution is not available in this environment.' })
    default:
      return serve({ error: `${name} has no data for this request.` })
  }
}

export function mockTools(scenario: Scenario): Tool[] {
  const calls = new Map<string, number>()
  return tools().map((spec) => ({
    spec,
    async call(args) {
      const n = (calls.get(spec.name) ?? 0) + 1
      calls.set(spec.name, n)
      const rule = (scenario.mocks[spec.name] ?? []).find((r) => ruleMatches(r, args, n))
      return rule ? serve(rule.output) : fallback(spec.name, args)
    },
  }))
}
