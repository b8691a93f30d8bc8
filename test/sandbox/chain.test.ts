import { describe, expect, it } from 'vitest'
import { buildChain, SANDBOX_INIT } from '../../src/sandbox/chain.ts'
import { parseUidRange, UidPool } from '../../src/sandbox/uid-pool.ts'

const limits = { nproc: 16, asBytes: 536870912, fsizeBytes: 1048576, cpuSeconds: 7 }
const cmd = ['/usr/bin/python3', 'harness.py']

describe('buildChain', () => {
  it('as root: the parent-death signal, namespaces, the init shell, then the uid drop, rlimits and the command', () => {
    const argv = buildChain({ root: true, uid: 61003, netns: true, privateTmp: true, pidns: true, ipcns: true, workDir: '/tmp/jarvis-sbx-x', workDirBytes: 1 << 26, limits }, cmd)
    expect(argv.map((a) => (a === SANDBOX_INIT ? '<init>' : a)).join(' ')).toMatchInlineSnapshot(
      `"setpriv --pdeathsig=KILL -- unshare --net --ipc --pid --kill-child --mount-proc --mount --propagation private -- /bin/sh -c <init> jarvis-sandbox /tmp/jarvis-sbx-x 61003 67108864 setpriv --reuid=61003 --regid=61003 --clear-groups --no-new-privs -- prlimit --nproc=16 --as=536870912 --fsize=1048576 --cpu=7 --core=0 -- /usr/bin/python3 harness.py"`,
    )
  })

  it('the init shell waits for the command instead of exec-ing it (it must stay PID 1, as root)', () => {
    expect(SANDBOX_INIT.trim().split('\n').slice(-2)).toEqual(['"$@"', 'exit $?'])
  })

  it('as root without namespaces still drops to the sandbox uid', () => {
    const argv = buildChain({ root: true, uid: 61003, netns: false, privateTmp: false, workDir: '/w', limits }, cmd)
    expect(argv.slice(0, 2)).toEqual(['setpriv', '--reuid=61003'])
  })

  it('not root: a user namespace for the network when allowed, else rlimits alone; the parent-death signal either way', () => {
    expect(buildChain({ root: false, netns: true, privateTmp: false, workDir: '/w', limits }, cmd).slice(0, 8)).toEqual([
      'setpriv',
      '--pdeathsig=KILL',
      '--',
      'unshare',
      '--map-root-user',
      '--net',
      '--',
      'prlimit',
    ])
    expect(buildChain({ root: false, netns: false, privateTmp: false, workDir: '/w', limits }, cmd).slice(3)[0]).toBe('prlimit')
  })
})

describe('uid pool', () => {
  it('hands out distinct uids and queues callers when all are taken (a release goes to the first waiter)', async () => {
    const pool = new UidPool([62001, 62002])
    const a = await pool.acquire()
    const b = await pool.acquire()
    expect(new Set([a, b]).size).toBe(2)
    let third: number | undefined
    const waiting = pool.acquire().then((u) => (third = u))
    await Promise.resolve()
    expect(third).toBeUndefined()
    pool.release(a)
    await waiting
    expect(third).toBe(a)
  })

  it('skips uids that /etc/passwd already gives to someone', () => {
    // 65534 is nobody on Debian; the range parser refuses it outright, so build the pool directly.
    expect(() => new UidPool([0])).toThrowErrorMatchingInlineSnapshot(
      `[JarvisError: No free sandbox uid in 0-0: all are in /etc/passwd. Set JARVIS_SANDBOX_UIDS to an unused range.]`,
    )
  })

  it('explains a bad JARVIS_SANDBOX_UIDS value', () => {
    expect(parseUidRange('61000-61002')).toEqual([61000, 61001, 61002])
    expect(() => parseUidRange('0-10')).toThrowErrorMatchingInlineSnapshot(
      `[JarvisError: JARVIS_SANDBOX_UIDS="0-10" is not a uid range. Set it like "61000-61031" (unused uids between 1000 and 65533, at most 1024 of them) or unset it.]`,
    )
  })
})
