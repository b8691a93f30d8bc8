import { describe, expect, it } from 'vitest'
import { buildChain, PRIVATE_TMP_SCRIPT } from '../../src/sandbox/chain.ts'
import { parseUidRange, UidPool } from '../../src/sandbox/uid-pool.ts'

const limits = { nproc: 16, asBytes: 536870912, fsizeBytes: 1048576, cpuSeconds: 7 }
const cmd = ['/usr/bin/python3', 'harness.py']

describe('buildChain', () => {
  it('as root: namespaces first, then the uid drop, then rlimits, then the command', () => {
    const argv = buildChain({ root: true, uid: 61003, netns: true, privateTmp: true, workDir: '/tmp/jarvis-sbx-x', limits }, cmd)
    expect(argv.map((a) => (a === PRIVATE_TMP_SCRIPT ? '<private-tmp script>' : a)).join(' ')).toMatchInlineSnapshot(
      `"unshare --net --mount --propagation private -- /bin/sh -c <private-tmp script> jarvis-sandbox /tmp/jarvis-sbx-x setpriv --reuid=61003 --regid=61003 --clear-groups --no-new-privs -- prlimit --nproc=16 --as=536870912 --fsize=1048576 --cpu=7 --core=0 -- /usr/bin/python3 harness.py"`,
    )
  })

  it('as root without namespaces still drops to the sandbox uid', () => {
    const argv = buildChain({ root: true, uid: 61003, netns: false, privateTmp: false, workDir: '/w', limits }, cmd)
    expect(argv.slice(0, 2)).toEqual(['setpriv', '--reuid=61003'])
  })

  it('not root: a user namespace for the network when allowed, else rlimits alone', () => {
    expect(buildChain({ root: false, netns: true, privateTmp: false, workDir: '/w', limits }, cmd).slice(0, 5)).toEqual([
      'unshare',
      '--map-root-user',
      '--net',
      '--',
      'prlimit',
    ])
    expect(buildChain({ root: false, netns: false, privateTmp: false, workDir: '/w', limits }, cmd)[0]).toBe('prlimit')
  })
})

describe('uid pool', () => {
  it('hands out distinct uids and queues callers when all are taken', async () => {
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
