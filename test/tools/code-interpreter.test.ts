import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Environment } from '../../src/core/environment.ts'
import { openLocalEnvironment } from '../../src/environments/local.ts'
import { sandboxEnvironment } from '../../src/sandbox/index.ts'
import { codeInterpreterTool, codeLimits } from '../../src/tools/code-interpreter.ts'

// The code tool is the sandbox with the sample's files: the sandbox's own attacks, run through the tool.

const sbx = await sandboxEnvironment()
const tool = codeInterpreterTool({ ...codeLimits(), timeoutMs: 5_000, memoryBytes: 256 * 2 ** 20 })
let env: Environment
const run = (code: string) => tool.call({ code }, { environment: env })

beforeAll(async () => {
  env = await openLocalEnvironment({ kind: 'local', files: [{ path: 'data/prices.csv', content: 'item,price\napple,1.25\npear,2.50\n' }, { path: 'raw.bin', content: new Uint8Array([0, 1, 2, 255]) }] })
})
afterAll(() => env.close())

describe('code_interpreter', () => {
  test("runs Python on a copy of the sample's files (text and binary) and returns stdout", async () => {
    const r = await run('import csv\nrows = list(csv.DictReader(open("data/prices.csv")))\nprint(sum(float(r["price"]) for r in rows))\nprint(list(open("raw.bin","rb").read()))')
    expect(r).toEqual({ content: 'exit code 0\nstdout:\n3.75\n[0, 1, 2, 255]\n', isError: false })
  })

  test('an exception is an error result with its traceback', async () => {
    const r = await run('1/0')
    expect(r.isError).toBe(true)
    expect(r.content).toMatch(/^exit code 1\nstdout: \(empty\)\nstderr:\n[\s\S]*ZeroDivisionError: division by zero/)
  })

  test('what the code writes is not written back to the sample', async () => {
    await run('open("data/prices.csv", "w").write("gone")')
    expect((await run('print(open("data/prices.csv").read())')).content).toContain('apple,1.25')
  })

  test('no secrets: the harness environment is not passed', async () => {
    process.env.OPENAI_API_KEY = 'sk-test-code-tool-secret'
    try {
      const r = await run('import os; print(sorted(k for k in os.environ if "KEY" in k or "TOKEN" in k))')
      expect(r.content).toContain('stdout:\n[]')
    } finally {
      delete process.env.OPENAI_API_KEY
    }
  })

  test('a hang is killed at the limit', async () => {
    const r = await run('while True: pass')
    expect(r.content).toMatch(/^timed out after 5 s/)
    expect(r.isError).toBe(true)
  })

  test('an output flood is cut, the group killed', async () => {
    const r = await run('while True: print("x" * 1000)')
    expect(r.content).toContain('(output cut at the limit)')
    expect(r.content.length).toBeLessThan(30_000)
  })

  test.runIf(sbx.netns)('no network, not even to a port the harness listens on', async () => {
    const server = createServer((s) => s.end('hello')).listen(0, '127.0.0.1')
    await new Promise((r) => server.once('listening', r))
    const port = (server.address() as { port: number }).port
    try {
      const r = await run(`import socket\ntry:\n    socket.create_connection(("127.0.0.1", ${port}), timeout=2)\n    print("connected")\nexcept OSError as e:\n    print("blocked", type(e).__name__)`)
      expect(r.content).toContain('blocked')
      expect(r.content).not.toContain('connected')
    } finally {
      server.close()
    }
  })

  test('memory is capped inside the child; the harness lives on', async () => {
    const r = await run('x = bytearray(1024 * 1024 * 1024)\nprint("allocated")')
    expect(r.content).not.toContain('allocated')
    expect(r.content).toMatch(/MemoryError|out of memory/)
  })
})
