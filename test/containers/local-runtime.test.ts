// The local runtime (bubblewrap over a rootfs folder, an overlayfs root per container) on this machine: the
// runtime contract, the rootfs never written, nothing left mounted or running after remove.
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { imageDirName, LocalRuntime, sweepStale } from '../../src/containers/local-runtime.ts'
import { localRuntimeGate, TEST_IMAGE } from '../support/container-image.ts'
import { REPO_ROOT } from '../support/run-process.ts'
import { runtimeContract } from './runtime-contract.ts'

const g = await localRuntimeGate()

describe.skipIf(g.skip)(`local runtime${g.skip ? ` (skipped: ${g.skip})` : ''}`, () => {
  runtimeContract(
    () => g.runtime!,
    async (c) => {
      const pid = Number(c.id.replace('local-', ''))
      expect(existsSync(`/proc/${pid}`)).toBe(false)
      expect(readFileSync('/proc/mounts', 'utf8')).not.toMatch(/jarvis-ctr-/)
    },
  )

  test('the rootfs folder is never written', async () => {
    const c = await g.runtime!.create({ image: TEST_IMAGE, binds: [{ host: '/usr', path: '/usr', readOnly: true }] })
    await c.exec(['/bin/sh', '-c', 'echo x > /app/a; rm -rf /etc; echo y > /root/b'], { timeoutMs: 10_000 })
    await c.remove()
    const root = join(g.store, imageDirName(TEST_IMAGE))
    expect(readdirSync(join(root, 'app'))).toEqual([])
    expect(existsSync(join(root, 'etc'))).toBe(true)
    expect(readdirSync(join(root, 'root'))).toEqual([])
  })

  test('an image that is not in the store is a requirement error naming the folder', async () => {
    await expect(g.runtime!.create({ image: 'alexgshaw/absent:1' })).rejects.toMatchObject({ code: 'JARVIS_REQUIREMENT', message: expect.stringContaining(`no folder ${join(g.store, 'alexgshaw_absent_1')}`) })
    await expect(new LocalRuntime({ JARVIS_ROOTFS_DIR: g.store }).pullImage('x:1')).rejects.toThrow(/cannot pull x:1/)
  })

  test('a process killed without removing its containers takes them with it (no bwrap, no sleep left)', async () => {
    const marker = String(800_000 + process.pid) // the child's sleep: a command line no other run has
    const child = spawn(join(REPO_ROOT, 'node_modules/.bin/vite-node'), [join(REPO_ROOT, 'test/support/local-container-child.ts'), g.store, TEST_IMAGE, marker], { stdio: ['ignore', 'pipe', 'inherit'] })
    const id = await new Promise<string>((ok, fail) => {
      let out = ''
      child.stdout.on('data', (d) => ((out += d), out.includes('\n') && ok(out.trim())))
      child.on('exit', (code) => fail(new Error(`child exited ${code}`)))
    })
    const pid = Number(id.replace('local-', ''))
    expect(existsSync(`/proc/${pid}`)).toBe(true)
    // A pid names a process only with its start time: pid_max is 32768 here and the suite starts thousands of
    // processes, so the number alone may soon name another one.
    const startTime = (p: string) => readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ')[19]
    const started = startTime(String(pid))
    const sleeping = () => readdirSync('/proc').some((p) => {
      try {
        return readFileSync(`/proc/${p}/cmdline`, 'utf8') === `sleep\u0000${marker}\u0000`
      } catch {
        return false
      }
    })
    const wasSleeping = sleeping() // the container's own process is there before the kill
    child.kill('SIGKILL')
    expect(wasSleeping).toBe(true)
    // Up to 15 s: on a loaded 2-core machine the kernel's reaping of the orphaned namespace can take seconds.
    const gone = async () => {
      for (let i = 0; i < 150; i++) {
        const alive = readdirSync('/proc').filter((p) => /^\d+$/.test(p)).some((p) => {
          try {
            const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8')
            return (p === String(pid) && startTime(p) === started) || cmd === `sleep\u0000${marker}\u0000`
          } catch {
            return false
          }
        })
        if (!alive) return true
        await new Promise((r) => setTimeout(r, 100))
      }
      return false
    }
    expect(await gone()).toBe(true)
    // its folder stays (nothing could delete it); the next runtime of another process sweeps it
    const left = readdirSync(tmpdir()).filter((n) => n.startsWith('jarvis-ctr-') && readFileSync(join(tmpdir(), n, 'owner'), 'utf8') === String(child.pid))
    expect(left).toHaveLength(1)
    sweepStale()
    expect(existsSync(join(tmpdir(), left[0]))).toBe(false)
  })
})
