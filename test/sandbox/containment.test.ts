// Containment of model-written code: each test runs a hostile program through the real sandbox (real
// processes, real rlimits, real namespaces where this machine allows them) and checks it stayed inside.
import { createServer } from 'node:net'
import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runSandboxed, sandboxEnvironment, type SandboxOptions } from '../../src/sandbox/index.ts'
import { isRunning, liveTasks } from '../../src/sandbox/processes.ts'

const env = await sandboxEnvironment()
const MiB = 1024 ** 2
const base = { timeoutMs: 10_000, memoryBytes: 512 * MiB, maxOutputBytes: 1 * MiB, maxProcesses: 16, network: false } as const

const py = (code: string, extra: Partial<SandboxOptions> = {}) => runSandboxed({ ...base, command: ['python3', '-c', code], ...extra })

// Killed children stay zombies until init reaps them; a zombie runs nothing, so it counts as gone.
const alive = isRunning
// In its own PID namespace the program sees its own pids, not the host's: then its uid is what to check.
const pidsVisible = !(env.root && env.privateTmp && env.pidns)

describe('runSandboxed', () => {
  it('runs python3 on stdin in a fresh working directory with the given files, then removes it', async () => {
    const r = await py('import os, sys; print(os.getcwd()); print(open("in/data.txt").read().upper() + sys.stdin.read())', {
      files: { 'in/data.txt': 'abc' },
      stdin: 'def',
    })
    expect(r.exitCode).toBe(0)
    const [cwd, text] = r.stdout.trim().split('\n')
    expect(text).toBe('ABCdef')
    expect(cwd).toMatch(/jarvis-sbx-/)
    expect(existsSync(cwd)).toBe(false)
  })

  it.runIf(env.root)('runs the code under a pooled unprivileged uid, not root', async () => {
    const r = await py('import os; print(os.getuid(), os.getgid(), os.getgroups())')
    expect(r.stdout.trim()).toBe(`${r.isolation.uid} ${r.isolation.uid} []`)
    expect(r.isolation.uid).toBeGreaterThanOrEqual(1000)
  })

  it('gives the child none of the parent environment: no API keys, no HF token', async () => {
    const saved = { ...process.env }
    Object.assign(process.env, { OPENAI_API_KEY: 'sk-test-parent-secret', HF_TOKEN: 'hf_parentsecret', ANTHROPIC_API_KEY: 'sk-ant-secret' })
    try {
      const r = await py('import os, json; print(json.dumps(dict(os.environ)))')
      const seen = JSON.parse(r.stdout) as Record<string, string>
      // PWD/OLDPWD come from the private-tmp setup script's `cd`.
      const allowed = ['HOME', 'LANG', 'LC_ALL', 'OLDPWD', 'PATH', 'PWD', 'PYTHONDONTWRITEBYTECODE', 'PYTHONIOENCODING', 'TMPDIR']
      expect(Object.keys(seen).filter((k) => !allowed.includes(k))).toEqual([])
      expect(seen.HOME).toBe(seen.TMPDIR)
      expect(r.stdout).not.toMatch(/secret|hf_|sk-/)
    } finally {
      process.env = saved
    }
  })

  it.runIf(env.root)("cannot read the harness's environment through /proc either", async () => {
    const r = await py(`
ppid = int([l.split()[1] for l in open('/proc/self/status') if l.startswith('PPid:')][0])
try:
    print(len(open(f'/proc/{ppid}/environ').read()))
except PermissionError:
    print('denied')
`)
    expect(r.stdout.trim()).toBe('denied')
  })

  it('stops a fork bomb at maxProcesses and leaves no process behind', async () => {
    const r = await py(
      `
import os, time
pids = []
for i in range(300):  # bounded on purpose: a sandbox bug must not take the machine down
    try:
        pid = os.fork()
    except OSError as e:
        print('refused', i, e.errno, flush=True)
        break
    if pid == 0:
        time.sleep(30)
        os._exit(0)
    pids.append(pid)
print('pids', *pids, flush=True)
`,
      { maxProcesses: 20, timeoutMs: 3000 },
    )
    const refused = /refused (\d+) 11/.exec(r.stdout)
    expect(refused).not.toBeNull()
    // As root the pooled uid has only this sandbox's processes. Not root, the budget sits on top of the
    // harness user's own tasks, which come and go while the test runs: only "bounded" can be asserted.
    expect(Number(refused![1])).toBeLessThan(env.root ? 20 : 300)
    const pids = (/pids (.*)/.exec(r.stdout)?.[1] ?? '').split(' ').map(Number).filter(Boolean)
    expect(pids.length).toBeGreaterThan(0)
    if (pidsVisible) expect(pids.filter(alive)).toEqual([])
    if (env.root) expect(liveTasks(r.isolation.uid)).toEqual([])
  })

  it('kills an infinite loop at the timeout, with its children and a child that left the process group', async () => {
    const escape = env.root ? 'subprocess.Popen(["/usr/bin/python3", "-c", "import os, time; os.setsid(); time.sleep(60)"])' : 'pass'
    const r = await py(
      `
import subprocess, sys, time
kids = [subprocess.Popen(["sleep", "60"]), subprocess.Popen(["/bin/sh", "-c", "sleep 60 & sleep 60"])]
${escape}
time.sleep(0.2)
print(*[k.pid for k in kids], flush=True)
while True:
    pass
`,
      { timeoutMs: 1500 },
    )
    expect(r.timedOut).toBe(true)
    expect(r.signal).toBe('SIGKILL')
    expect(r.durationMs).toBeLessThan(6000)
    const pids = r.stdout.trim().split(' ').map(Number)
    expect(pids).toHaveLength(2)
    if (pidsVisible) expect(pids.filter(alive)).toEqual([])
    if (env.root) expect(liveTasks(r.isolation.uid)).toEqual([])
  })

  it('turns a 10 GB allocation into a MemoryError in the child; the harness carries on', async () => {
    const r = await py('x = bytearray(10 * 1024 ** 3)\nprint("allocated")', { memoryBytes: 256 * MiB })
    expect(r.stdout).not.toContain('allocated')
    expect(r.exitCode).toBe(1)
    expect(r.stderr).toContain('MemoryError')
    expect(r.oom).toBe(true)
    expect((await py('print(2 + 2)')).stdout).toBe('4\n')
  })

  it.runIf(env.root)('lets the code write only inside its own directory', async () => {
    const targets = [`${process.cwd()}/sandbox-escape.txt`, '/etc/sandbox-escape', '/root/sandbox-escape', '/usr/local/sandbox-escape']
    if (env.privateTmp) targets.push('/tmp/sandbox-escape', '/var/tmp/sandbox-escape', '/dev/shm/sandbox-escape')
    const run = await runSandboxed({ ...base, command: ['python3', '-c', `
import sys
open('mine.txt', 'w').write('ok')
print('own dir ok', flush=True)
for p in sys.argv[1:]:
    try:
        open(p, 'w').write('x')
        print('WROTE', p)
    except OSError as e:
        print('refused', p, type(e).__name__)
`, ...targets] })
    expect(run.stdout).toContain('own dir ok')
    expect(run.stdout).not.toContain('WROTE')
    expect(run.stdout.match(/refused/g)).toHaveLength(targets.length)
    for (const t of targets) expect(existsSync(t)).toBe(false)
  })

  it('caps an output flood at maxOutputBytes and kills the writer', async () => {
    const r = await py('import sys\nwhile True:\n    sys.stdout.write("x" * 65536)', { maxOutputBytes: 100_000, timeoutMs: 8000 })
    expect(r.outputTruncated).toBe(true)
    expect(r.stdout.length).toBe(100_000)
    expect(r.timedOut).toBe(false)
    expect(r.signal).toBe('SIGKILL')
  })

  it('refuses to write a file larger than maxFileBytes', async () => {
    const r = await py(`
import signal
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
try:
    open('big.bin', 'wb').write(b'0' * 5_000_000)
    print('wrote')
except OSError as e:
    print('refused', e.errno)
`, { maxFileBytes: 1_000_000 })
    expect(r.stdout.trim()).toBe('refused 27')
  })

  describe.runIf(env.netns)('network', () => {
    let port = 0
    const server = createServer((s) => s.end('hello from the harness'))
    beforeAll(async () => {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
      port = (server.address() as { port: number }).port
    })
    afterAll(() => new Promise<void>((r) => server.close(() => r())))

    it('cannot reach a server on the host, not even on 127.0.0.1', async () => {
      const r = await py(`
import socket
try:
    s = socket.create_connection(('127.0.0.1', ${port}), timeout=2)
    print('connected', s.recv(100))
except OSError as e:
    print('unreachable', e.errno)
`)
      expect(r.stdout.trim()).toBe('unreachable 101')
      expect(r.isolation.network).toBe('none')
    })
  })

  it('kills the child when the caller aborts', async () => {
    const ac = new AbortController()
    setTimeout(() => ac.abort(), 300)
    const r = await py('while True: pass', { signal: ac.signal })
    expect(r.signal).toBe('SIGKILL')
    expect(r.durationMs).toBeLessThan(5000)
  })

  it.runIf(env.root)('gives concurrent calls distinct uids', async () => {
    const rs = await Promise.all([1, 2, 3].map(() => py('import os, time; time.sleep(0.3); print(os.getuid())')))
    expect(new Set(rs.map((r) => r.stdout.trim())).size).toBe(3)
  })

  it('rejects options that would weaken the sandbox, saying which', async () => {
    await expect(runSandboxed({ ...base, command: ['true'], network: true as unknown as false })).rejects.toThrowErrorMatchingInlineSnapshot(
      `[JarvisError: runSandboxed: network must be false (sandboxed code never gets a network).]`,
    )
    await expect(runSandboxed({ ...base, command: ['true'], memoryBytes: 0 })).rejects.toThrowErrorMatchingInlineSnapshot(
      `[JarvisError: runSandboxed: memoryBytes must be a positive number (got 0).]`,
    )
    await expect(runSandboxed({ ...base, command: ['true'], files: { '../x': '' } })).rejects.toThrowErrorMatchingInlineSnapshot(
      `[JarvisError: sandbox file "../x" must be a relative path inside the working directory.]`,
    )
  })
})
