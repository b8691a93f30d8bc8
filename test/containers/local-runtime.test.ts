// The local runtime (bubblewrap over a rootfs folder, an overlayfs root per container) on this machine: the
// runtime contract, the rootfs never written, nothing left mounted or running after remove.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { imageDirName, LocalRuntime } from '../../src/containers/local-runtime.ts'
import { localRuntimeGate, TEST_IMAGE } from '../support/container-image.ts'
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
})
