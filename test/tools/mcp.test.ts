import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import type { Tool } from '../../src/core/tool.ts'
import { createTools } from '../../src/tools/index.ts'
import { REPO_ROOT } from '../support/run-process.ts'

// Real MCP servers over stdio through the official SDK client: the reference filesystem server from npm, and a
// small SDK server that crashes on demand.

const FS_SERVER = join(REPO_ROOT, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js')
const FLAKY = join(REPO_ROOT, 'test/fixtures/mcp/flaky-server.mjs')
let open: Tool[] = []
const tools = async (names: string[], servers: string[][]) => (open = await createTools(names, servers))
const byName = (ts: Tool[], n: string) => ts.find((t) => t.spec.name === n)!
afterEach(async () => {
  await Promise.allSettled(open.map((t) => t.close?.()))
  open = []
})

describe('MCP tools', () => {
  test('the filesystem server: its tools are offered with their schemas, and a call reads the file', async () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'jarvis-mcp-fs-')))
    writeFileSync(join(dir, 'notes.txt'), 'launch code 8812')
    const ts = await tools(['calculator'], [[process.execPath, FS_SERVER, dir]])
    const names = ts.map((t) => t.spec.name)
    expect(names[0]).toBe('calculator')
    expect(names).toEqual(expect.arrayContaining(['read_text_file', 'list_directory', 'write_file']))
    const read = byName(ts, 'read_text_file')
    expect(read.spec.parameters).toMatchObject({ type: 'object', properties: { path: { type: 'string' } } })
    expect(await read.call({ path: join(dir, 'notes.txt') }, { environment: null })).toEqual({ content: 'launch code 8812' })
    // Outside its allowed directory the server says no: an error result, not a crash.
    const denied = await read.call({ path: '/etc/passwd' }, { environment: null })
    expect(denied.isError).toBe(true)
    expect(denied.content).toMatch(/outside allowed directories|Access denied/i)
  })

  test('a server that dies mid-call fails that call as "tool unavailable"; the next call starts it again', async () => {
    const ts = await tools([], [[process.execPath, FLAKY]])
    const first = await byName(ts, 'echo').call({ text: 'a' }, { environment: null })
    const pid = /pid (\d+)/.exec(first.content)![1]
    const e = await byName(ts, 'crash').call({}, { environment: null }).then(() => null, (x: Error) => x)
    expect(e?.name).toBe('ToolUnavailableError')
    // Its last stderr lines come along when they arrived before the pipe closed.
    expect(e?.message).toMatch(/^MCP server ".*flaky-server\.mjs" exited during the crash call( \(its stderr: flaky: crashing now\))?$/)
    const again = await byName(ts, 'echo').call({ text: 'b' }, { environment: null })
    expect(again.content).toMatch(/^echo: b \(pid \d+\)$/)
    expect(/pid (\d+)/.exec(again.content)![1]).not.toBe(pid)
  })

  test('an error the server returns is a tool result; unknown names and bad commands are bad input', async () => {
    const ts = await tools([], [[process.execPath, FLAKY]])
    expect(await byName(ts, 'fail').call({}, { environment: null })).toEqual({ content: 'no such record', isError: true })
    await expect(createTools(['calculater'])).rejects.toThrow('--tools: unknown tool "calculater". Did you mean "calculator"? Tools: calculator, file_read, file_write, ls, code_interpreter, web_search, web_fetch, think, shell, browser_navigate, browser_click, browser_type, browser_read, or mcp:<command> for an MCP server.')
    await expect(createTools([], [[process.execPath, '-e', 'process.exit(1)']])).rejects.toThrow(/^MCP server ".* -e process.exit\(1\)" did not start: .*Check the command \(it must speak MCP over stdio\)\.$/)
    await expect(createTools([], [[process.execPath, FLAKY], [process.execPath, FLAKY]])).rejects.toThrow('its tool "echo" has the name of a tool already offered; drop one of them.')
  })
})
