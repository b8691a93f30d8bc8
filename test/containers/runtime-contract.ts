// What every runtime must do with a real container (the real Docker engine, the local bwrap runtime): the
// image's working dir, no network but loopback, files and processes that persist between execs and never reach
// the image, read-only binds, a timeout that kills what the command started, files in and out, removal.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Container, ContainerRuntime } from '../../src/containers/types.ts'
import { HOST_USR_BINDS, TEST_IMAGE } from '../support/container-image.ts'

const sh = (c: Container, script: string, timeoutMs = 20_000) => c.exec(['/bin/sh', '-c', script], { timeoutMs })
const text = async (c: Container, script: string) => {
  const r = await sh(c, script)
  expect(r.exitCode, r.stderr.toString()).toBe(0)
  return r.stdout.toString()
}

export function runtimeContract(runtime: () => ContainerRuntime, afterRemove: (c: Container) => Promise<void>): void {
  let tests = ''
  const open: Container[] = []
  beforeAll(() => {
    tests = mkdtempSync(join(tmpdir(), 'jarvis-contract-tests-'))
    writeFileSync(join(tests, 'test.sh'), 'echo from-tests\n')
  })
  afterAll(async () => {
    await Promise.allSettled(open.map((c) => c.remove()))
    if (tests) rmSync(tests, { recursive: true, force: true })
  })
  const make = async () => {
    const c = await runtime().create({ image: TEST_IMAGE, binds: [...HOST_USR_BINDS, { host: tests, path: '/tests', readOnly: true }], env: { FROM_SPEC: 'spec' } })
    open.push(c)
    return c
  }

  test('runs in the image working dir with its env and the exec env; sees the read-only binds', async () => {
    const c = await make()
    expect(await text(c, 'pwd; echo "$FROM_SPEC"; bash /tests/test.sh')).toBe('/app\nspec\nfrom-tests\n')
    const r = await c.exec(['/bin/sh', '-c', 'echo "$X"'], { timeoutMs: 10_000, env: { X: 'exec-env' }, workdir: '/tmp' })
    expect(r.stdout.toString()).toBe('exec-env\n')
    const ro = await sh(c, 'echo x > /tests/new.txt')
    expect(ro.exitCode).not.toBe(0)
    expect(ro.stderr.toString()).toMatch(/Read-only file system/)
  })

  test('has no network interface but loopback', async () => {
    const c = await make()
    const devices = (await text(c, 'cat /proc/net/dev')).split('\n').slice(2).filter(Boolean).map((l) => l.trim().split(':')[0])
    expect(devices).toEqual(['lo'])
    const r = await sh(c, 'python3 -c "import socket; s=socket.socket(); s.settimeout(2); print(s.connect_ex((\'10.255.255.1\', 80)))"')
    expect(r.stdout.toString().trim()).toMatch(/^(101|113|110|111)$/)
  })

  test('keeps files and background processes between execs; the image stays clean', async () => {
    const c = await make()
    await text(c, 'echo kept > /app/state.txt; mkdir -p /etc/jarvis && echo e > /etc/jarvis/x; (sleep 60 >/dev/null 2>&1 &)')
    expect(await text(c, 'cat /app/state.txt /etc/jarvis/x')).toBe('kept\ne\n')
    expect(await text(c, 'for p in /proc/[0-9]*; do tr "\\0" " " < $p/cmdline 2>/dev/null; echo; done | grep -c "^sleep 60" || true')).toBe('1\n')
    const fresh = await make()
    expect((await sh(fresh, 'cat /app/state.txt')).exitCode).not.toBe(0)
  })

  test('a timeout kills the command and what it started, and says so', async () => {
    const c = await make()
    const t0 = Date.now()
    const r = await c.exec(['/bin/sh', '-c', 'echo begun; sleep 41 & sleep 42'], { timeoutMs: 1500 })
    expect(r).toMatchObject({ timedOut: true, exitCode: null })
    expect(r.stdout.toString()).toBe('begun\n')
    expect(Date.now() - t0).toBeLessThan(8000)
    const left = await text(c, 'for p in /proc/[0-9]*; do tr "\\0" " " < $p/cmdline 2>/dev/null; echo; done | grep -c "^sleep 4[12]" || true')
    expect(left).toBe('0\n')
  })

  test('puts and reads files (binary, modes, new folders); a missing file is null; output is capped', async () => {
    const c = await make()
    const bytes = Buffer.from([0, 1, 2, 250, 255, 10])
    await c.putFiles([{ path: '/app/solve.sh', content: 'echo solved > /app/out.txt\n', mode: 0o755 }, { path: '/data/new/dir/blob.bin', content: bytes }, { path: '/tmp/in-tmp.txt', content: 't' }])
    expect(await text(c, '/app/solve.sh && cat /app/out.txt && stat -c %a /app/solve.sh')).toBe('solved\n755\n')
    expect([...((await c.readFile('/data/new/dir/blob.bin')) ?? [])]).toEqual([...bytes])
    expect(await c.readFile('/nope.txt')).toBeNull()
    // writing into an existing folder leaves its mode alone
    expect((await text(c, 'stat -c %a /tmp; cat /tmp/in-tmp.txt')).trim()).toBe('1777\nt')
    const big = await c.exec(['/bin/sh', '-c', 'head -c 200000 /dev/zero'], { timeoutMs: 10_000, maxOutputBytes: 4096 })
    expect(big).toMatchObject({ exitCode: 0, truncated: true })
    expect(big.stdout.length).toBe(4096)
  })

  test('remove kills it and leaves nothing; twice is fine', async () => {
    const c = await make()
    await c.remove()
    await c.remove()
    await afterRemove(c)
    await expect(c.exec(['true'], { timeoutMs: 1000 })).rejects.toThrow()
  })
}
