// Red team, sandbox class (issue 17): each test is an attack a model's program can make, run through the real
// sandbox (real processes, namespaces, rlimits, leases), and checks it failed. Root-only attacks skip with the
// reason when the harness is not root (then the sandbox is the harness's own uid and README says what is left).
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { runSandboxed, sandboxEnvironment, type SandboxOptions } from '../../src/sandbox/index.ts'
import { liveTasks, killUid } from '../../src/sandbox/processes.ts'
import { parseUidRange, UidPool } from '../../src/sandbox/uid-pool.ts'
import { runAssertTests, runLcbTests } from '../../src/scoring/code/run-code-tests.ts'
import { scoreCodeRun } from '../../src/scoring/code/code-score.ts'
import { REPO_ROOT } from '../support/run-process.ts'

const env = await sandboxEnvironment()
const MiB = 1024 ** 2
const base = { timeoutMs: 10_000, memoryBytes: 512 * MiB, maxOutputBytes: 1 * MiB, maxProcesses: 16, network: false } as const
const py = (code: string, extra: Partial<SandboxOptions> = {}) => runSandboxed({ ...base, command: ['python3', '-c', code], ...extra })
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const notRoot = !env.root ? 'the harness is not root: no uid of its own, no namespaces' : ''

// Whatever a failed attack left running must not outlive the test (and hit the next one).
const usedUids = new Set<number>()
afterEach(async () => {
  for (const u of usedUids) await killUid(u)
})

/** uids this machine's other sandboxed tests do not use, so counting a uid's processes is exact here. */
const PRIVATE_RANGE = '62400-62407'

describe.skipIf(notRoot)('processes (as root)', () => {
  it('kills a double-forked setsid() escapee whose main thread ended (a zombie leader with a live thread)', async () => {
    const r = await py(`
import ctypes, os, threading, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        threading.Thread(target=lambda: [time.sleep(0.05) for _ in range(2000)]).start()
        ctypes.CDLL(None).pthread_exit(None)  # the leader shows as a zombie; its thread runs on
    os._exit(0)
time.sleep(0.3)
print("parent done", flush=True)
`)
    usedUids.add(r.isolation.uid)
    expect(r.stdout).toContain('parent done')
    expect(liveTasks(r.isolation.uid)).toEqual([])
  })

  it('shows the program only its own processes: no command line of the harness or anyone else', async () => {
    const secret = 'sk-test-REDTEAM-cmdline-0123456789'
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)', '--', secret], { stdio: 'ignore' })
    try {
      await sleep(200)
      const r = await py(`
import os
needle = ('RED' + 'TEAM-cmdline').encode()  # not spelled out: this program's own command line holds its code
seen, found = 0, []
for p in os.listdir('/proc'):
    if p.isdigit():
        seen += 1
        try:
            if needle in open(f'/proc/{p}/cmdline', 'rb').read():
                found.append(p)
        except OSError:
            pass
print(seen, found)
`)
      usedUids.add(r.isolation.uid)
      expect(r.stdout).not.toContain('REDTEAM')
      expect(r.stdout.trim()).toMatch(/^\d+ \[\]$/)
      expect(Number(r.stdout.split(' ')[0])).toBeLessThan(10) // the init shell and the program, not the host's processes
      expect(r.isolation.pidNamespace).toBe(true)
    } finally {
      holder.kill('SIGKILL')
    }
  })

  it('takes System V shared memory down with the sandbox (its own IPC namespace)', async () => {
    const r = await py(`
import ctypes
libc = ctypes.CDLL(None, use_errno=True)
ids = [libc.shmget(0, 64 << 20, 0o1000 | 0o600) for _ in range(4)]  # IPC_PRIVATE | IPC_CREAT, 4 x 64 MiB
print(ids, flush=True)
`)
    usedUids.add(r.isolation.uid)
    expect(r.stdout).toMatch(/^\[\d+, \d+, \d+, \d+\]/)
    const rows = readFileSync('/proc/sysvipc/shm', 'utf8').trim().split('\n').slice(1).map((l) => l.trim().split(/\s+/))
    const mine = rows.filter((c) => Number(c[7]) === r.isolation.uid) // columns: key shmid perms size cpid lpid nattch uid …
    for (const c of mine) spawnSync('ipcrm', ['-m', c[1]]) // a failed run must not leave 256 MiB behind
    expect(mine).toEqual([])
    expect(r.isolation.ipcNamespace).toBe(true)
  })

  it('caps the whole work dir, not just each file', async () => {
    const r = await py(
      `
import errno
n = 0
for i in range(40):  # bounded: 40 MiB at most, even if the cap is missing
    try:
        with open(f"f{i}.bin", "wb") as f:
            f.write(b"x" * ((1 << 20) - 1))
        n += 1
    except OSError as e:
        print("refused", i, e.errno, flush=True)
        break
print("wrote", n)
`,
      { maxFileBytes: 1 * MiB, maxDirBytes: 4 * MiB },
    )
    usedUids.add(r.isolation.uid)
    const wrote = Number(/wrote (\d+)/.exec(r.stdout)?.[1])
    expect(wrote).toBeLessThanOrEqual(4)
    expect(r.stdout).toMatch(/refused \d+ 28/) // ENOSPC
  })

  it('never hands a uid to two processes at once: 3 harness processes × 4 sandboxes on 8 uids', async () => {
    const worker = () =>
      new Promise<string>((resolve) => {
        const child = spawn(process.execPath, ['bin/jarvis.mjs', '4', '0.4'], {
          cwd: REPO_ROOT,
          env: { PATH: process.env.PATH, HOME: process.env.HOME, JARVIS_CLI_ENTRY: 'test/sandbox/fixtures/sandbox-worker.ts', JARVIS_SANDBOX_UIDS: PRIVATE_RANGE },
          stdio: ['ignore', 'pipe', 'inherit'],
        })
        let out = ''
        child.stdout.on('data', (d) => (out += d))
        child.on('close', () => resolve(out))
      })
    const outs = await Promise.all([worker(), worker(), worker()])
    const runs = outs.join('').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { uid: number; t0: number; t1: number })
    expect(runs).toHaveLength(12)
    for (const u of parseUidRange(PRIVATE_RANGE)) usedUids.add(u)
    const clashes = runs.flatMap((a, i) => runs.slice(i + 1).filter((b) => a.uid === b.uid && a.t0 < b.t1 && b.t0 < a.t1).map((b) => [a, b]))
    expect(clashes).toEqual([])
  }, 60_000)

  it('empties a leased uid before use: a process left running as it is killed first', async () => {
    const [uid] = parseUidRange('62410-62410')
    usedUids.add(uid)
    const stray = spawn('sleep', ['60'], { uid, gid: uid, stdio: 'ignore' })
    await sleep(100)
    expect(liveTasks(uid).map((t) => t.pid)).toContain(stray.pid)
    const pool = new UidPool([uid], { prepare: (u) => killUid(u) })
    expect(await pool.acquire()).toBe(uid)
    expect(liveTasks(uid)).toEqual([])
    pool.release(uid)
  })

  it('does not hand out a uid another pool (another process) holds', async () => {
    const [uid] = parseUidRange('62411-62411')
    const a = new UidPool([uid])
    const b = new UidPool([uid])
    expect(await a.acquire()).toBe(uid)
    await expect(b.acquire(AbortSignal.timeout(300))).rejects.toThrow()
    a.release(uid)
    expect(await b.acquire(AbortSignal.timeout(2000))).toBe(uid)
    b.release(uid)
  })

  it('kills the sandboxes of a harness process that dies by kill -9, and the next one removes its work dirs', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'jarvis-rt-kill9-'))
    const range = '62412-62415'
    for (const u of parseUidRange(range)) usedUids.add(u)
    const child = spawn(process.execPath, ['bin/jarvis.mjs', '2', '60'], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: tmp, JARVIS_CLI_ENTRY: 'test/sandbox/fixtures/sandbox-worker.ts', JARVIS_SANDBOX_UIDS: range },
      stdio: 'ignore',
    })
    const running = () => parseUidRange(range).flatMap((u) => liveTasks(u))
    try {
      for (let i = 0; i < 200 && running().length < 2; i++) await sleep(50)
      expect(running().length).toBeGreaterThanOrEqual(2)
      expect(readdirSync(tmp).filter((f) => f.startsWith('jarvis-sbx-'))).toHaveLength(2)
      child.kill('SIGKILL')
      for (let i = 0; i < 40 && running().length > 0; i++) await sleep(50)
      expect(running()).toEqual([])
      const { sweepStaleWorkDirs } = await import('../../src/sandbox/work-dir.ts')
      expect(sweepStaleWorkDirs(tmp)).toBe(2)
      expect(readdirSync(tmp)).toEqual([])
    } finally {
      child.kill('SIGKILL')
      rmSync(tmp, { recursive: true, force: true })
    }
  }, 30_000)
})

describe('output', () => {
  const KEY = 'sk-test-REDTEAM-found-0123456789abcdef'
  const saved = process.env.JARVIS_BACKEND_API_KEY
  afterAll(() => {
    if (saved === undefined) delete process.env.JARVIS_BACKEND_API_KEY
    else process.env.JARVIS_BACKEND_API_KEY = saved
  })

  it('redacts a key the program found somewhere (here: a file it was given) from what it prints', async () => {
    process.env.JARVIS_BACKEND_API_KEY = KEY
    const r = await py('import sys\nk = open("found.txt").read()\nprint("stolen", k)\nprint("stolen", k, file=sys.stderr)', { files: { 'found.txt': KEY } })
    if (env.root) usedUids.add(r.isolation.uid)
    expect(r.stdout).toBe('stolen [REDACTED]\n')
    expect(r.stderr).toBe('stolen [REDACTED]\n')
  })
})

describe('results the program cannot forge', () => {
  const asserts = ['assert add(1, 2) == 3', 'assert add(2, 2) == 5', 'assert add(0, 0) == 1']
  // Writes the forged lines to every descriptor it might hold, then ends the process before the harness can speak.
  const forge = (events: string) => `
import os
lines = ${JSON.stringify(events)}.encode()
for fd in range(3, 64):  # not 1: that is its own output
    try:
        os.write(fd, lines)
    except OSError:
        pass
os._exit(0)
`

  it('asserts: forged "passed" lines on every fd, then exit 0 at import, pass nothing', async () => {
    const events = [0, 1, 2].map((i) => JSON.stringify({ event: 'test', i, status: 'ok', ms: 1 })).join('\n') + '\n'
    const run = await runAssertTests(`def add(a, b):\n    return a + b\n${forge(events)}`, asserts, { perTestTimeoutMs: 2000, memoryBytes: 512 * MiB })
    expect(run.outcomes.filter((o) => o.status === 'passed')).toEqual([])
    expect(scoreCodeRun(run, 3).isCorrect).toBe(false)
  })

  it('asserts: the expected values are out of the program\'s reach (no tests file, not in its memory)', async () => {
    // Returns whatever the assert it is called from expects, if it can find the asserts anywhere.
    const cheat = `
import ast, gc, re
def add(a, b):
    texts = []
    try:
        texts.append(open("tests.json").read())
    except OSError:
        pass
    texts += [o for o in gc.get_objects() if isinstance(o, str) and "assert add(" in o]
    for t in texts:
        for m in re.finditer(r"add\\((-?\\d+), (-?\\d+)\\) == (-?\\d+)", t):
            if (int(m.group(1)), int(m.group(2))) == (a, b):
                return int(m.group(3))
    return a + b
`
    const run = await runAssertTests(cheat, asserts, { perTestTimeoutMs: 2000, memoryBytes: 512 * MiB })
    expect(run.outcomes.map((o) => o.status)).toEqual(['passed', 'wrong_answer', 'wrong_answer'])
  })

  it('stdin programs: forged test events for other tests do not count; each test is judged on its own run', async () => {
    const events = [0, 1, 2].map((i) => JSON.stringify({ event: 'test', i, status: 'ok', out: ['2', '42', '10'][i] + '\n' })).join('\n') + '\n'
    const tests = ['1\n', '21\n', '5\n'].map((input, i) => ({ input, output: ['2\n', '42\n', '10\n'][i], testtype: 'stdin' as const }))
    const run = await runLcbTests(`print(42, flush=True)\n${forge(events)}`, tests, { perTestTimeoutMs: 2000, memoryBytes: 512 * MiB })
    expect(run.outcomes.map((o) => [o.status, o.error])).toEqual([['wrong_answer', undefined], ['passed', undefined], ['wrong_answer', undefined]]) // it printed 42, nothing else counts
  })

  it('functional: a value sent for another test does not count; the child\'s last word is its own return value', async () => {
    // Forged lines for test 1 ([15]) then test 0 ([2, 4, 6]), then exit: every child "returns" [2, 4, 6].
    const events = [1, 0].map((i) => JSON.stringify({ event: 'test', i, status: 'ok', out: i === 1 ? '[15]' : '[2, 4, 6]' })).join('\n') + '\n'
    const tests = [
      { input: '[1, 2, 3]\n2', output: '[2, 4, 6]', testtype: 'functional' as const },
      { input: '[5]\n3', output: '[15]', testtype: 'functional' as const },
    ]
    const code = `def scale(nums, k):\n    ${forge(events).trim().split('\n').join('\n    ')}`
    const run = await runLcbTests(code, tests, { fnName: 'scale', perTestTimeoutMs: 2000, memoryBytes: 512 * MiB })
    expect(run.outcomes.map((o) => o.status)).toEqual(['passed', 'wrong_answer'])
  })
})
