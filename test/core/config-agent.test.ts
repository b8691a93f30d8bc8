import { describe, expect, test } from 'vitest'
import { parseRunArgs } from '../../src/cli/run-options.ts'
import { expandSuite, type RunOverrides } from '../../src/config/expand.ts'
import { SuiteSchema, type SuiteInput } from '../../src/config/schema.ts'
import { splitCommandLine } from '../../src/core/command-line.ts'

const suite = (b: Record<string, unknown> = {}, run: Record<string, unknown> = {}): SuiteInput => ({ models: [{ name: 'm' }], benchmarks: [{ name: 'supergpqa', ...b }], run })
const expand = (s: SuiteInput, o: RunOverrides = {}) => expandSuite(SuiteSchema.parse(s), o, { source: 'suite.toml', env: {}, cwd: '/w' })[0]
const fails = (s: SuiteInput, o: RunOverrides = {}) => {
  try {
    expand(s, o)
  } catch (e) {
    return (e as Error).message
  }
  throw new Error('expected a failure')
}

describe('agent settings: TOML and flags', () => {
  test('defaults: one-call backend, no agent, no tools, backend defaults for turns; episodes auto', () => {
    expect(expand(suite())).toMatchObject({ backend: 'jarvis-direct', agent: null, tools: [], mcpServers: [], maxTurns: null, tokenBudget: null, episodeMode: null, concurrency: null })
  })

  test('[[benchmarks]] agent, tools with mcp: entries, mcp_servers as a command line or argv; [run] limits', () => {
    const r = expand(suite({ backend: 'jarvis-agent', agent: 'react', tools: ['calculator', 'mcp:npx -y "@scope/server x" /data'], mcp_servers: ['node srv.js --root \'/a b\'', ['python3', '-m', 'srv']] }, { max_turns: 4, token_budget: 5000, concurrency: 3 }))
    expect(r).toMatchObject({ backend: 'jarvis-agent', agent: 'react', tools: ['calculator'], maxTurns: 4, tokenBudget: 5000, concurrency: 3 })
    expect(r.mcpServers).toEqual([['node', 'srv.js', '--root', '/a b'], ['python3', '-m', 'srv'], ['npx', '-y', '@scope/server x', '/data']])
  })

  test('flags win; --tools replaces the suite tools and MCP servers; --agentic picks the agent backend, one at a time', () => {
    const s = suite({ backend: 'jarvis-agent', tools: ['calculator'], mcp_servers: ['node a.js'] }, { max_turns: 4 })
    expect(expand(s, { tools: ['file_read', 'mcp:node b.js'], maxTurns: 2, agent: 'simple' })).toMatchObject({ tools: ['file_read'], mcpServers: [['node', 'b.js']], maxTurns: 2, agent: 'simple' })
    expect(expand(suite(), { agentic: true })).toMatchObject({ backend: 'jarvis-agent', concurrency: 1 })
    expect(expand(suite(), { agentic: true, concurrency: 8 })).toMatchObject({ concurrency: 8 })
  })

  test('bad input names the flag or the TOML entry, with the valid choices', () => {
    expect(fails(suite({ tools: ['calculator'] }))).toBe('suite.toml [[benchmarks]] #1 tools: tools need an agent backend, and backend "jarvis-direct" makes one model call. Add --backend jarvis-agent (or backend = "jarvis-agent" in [[benchmarks]]).')
    expect(fails(suite({ mcp_servers: ['node a.js'] }))).toMatch(/^suite\.toml \[\[benchmarks\]\] #1 mcp_servers: tools need an agent backend/)
    expect(fails(suite({ backend: 'jarvis-agent', agent: 'orchestrater' }))).toBe('suite.toml [[benchmarks]] #1 agent: unknown agent "orchestrater". Did you mean "orchestrator"? Agents: orchestrator, simple, react.')
    expect(fails(suite({ backend: 'jarvis-agent', tools: ['file_reader'] }))).toBe('suite.toml [[benchmarks]] #1 tools: unknown tool "file_reader". Did you mean "file_read"? Tools: calculator, file_read, file_write, ls, code_interpreter, web_search, web_fetch, think, shell, browser_navigate, browser_click, browser_type, browser_read, or mcp:<command> for an MCP server.')
    expect(fails(suite({ backend: 'jarvis-agent', mcp_servers: ['node "unclosed'] }))).toBe('suite.toml [[benchmarks]] #1 mcp_servers[0]: unclosed " quote in "node "unclosed".')
    expect(fails(suite(), { tools: ['mcp:'], backend: 'jarvis-agent' })).toMatch(/^--tools: an empty command; give the MCP server's command line/)
  })
})

describe('agent flags', () => {
  test('parse into overrides; --no-episode-mode turns episodes off', () => {
    const o = parseRunArgs(['-b', 'x', '-m', 'y', '--backend', 'jarvis-agent', '--agent', 'react', '--tools', 'calculator, file_read', '--max-turns', '3', '--token-budget', '900', '--concurrency', '2', '--agentic', '--no-episode-mode']).overrides
    expect(o).toMatchObject({ backend: 'jarvis-agent', agent: 'react', tools: ['calculator', 'file_read'], maxTurns: 3, tokenBudget: 900, concurrency: 2, agentic: true, episodeMode: false })
    expect(() => parseRunArgs(['--max-turns', '0'])).toThrow('--max-turns "0": expected a positive integer.')
  })

  test('command lines split like a shell, without expansion', () => {
    expect(splitCommandLine(`npx -y @modelcontextprotocol/server-filesystem "/my data" 'it''s' a\\ b $HOME`, 'x')).toEqual(['npx', '-y', '@modelcontextprotocol/server-filesystem', '/my data', 'its', 'a b', '$HOME'])
  })
})
