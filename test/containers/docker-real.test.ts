// The Docker Engine client against a real dockerd (CI starts one: .ci/run, with no bridge and no NAT): the
// runtime contract, and the engine's own error answers. Skips outside CI when DOCKER_HOST does not answer.
import { describe, expect, test } from 'vitest'
import { EngineClient } from '../../src/containers/engine-client.ts'
import { parseDockerHost } from '../../src/containers/docker-host.ts'
import { realDockerGate, TEST_IMAGE } from '../support/container-image.ts'
import { runtimeContract } from './runtime-contract.ts'

const g = await realDockerGate()

describe.skipIf(g.skip)(`real Docker engine${g.skip ? ` (skipped: ${g.skip})` : ''}`, () => {
  const client = new EngineClient(parseDockerHost())

  runtimeContract(
    () => g.runtime!,
    async (c) => {
      await client.ping()
      await expect(client.request('GET', `/containers/${c.id}/json`)).rejects.toMatchObject({ status: 404 })
    },
  )

  test('the engine itself answers 404 for a missing image and 409 for a name in use', async () => {
    await expect(g.runtime!.create({ image: 'jarvis-test/absent:1' })).rejects.toMatchObject({ code: 'JARVIS_REQUIREMENT', message: expect.stringContaining('docker pull jarvis-test/absent:1') })
    const name = `jarvis-conflict-${process.pid}`
    const a = await g.runtime!.create({ image: TEST_IMAGE, name, binds: [{ host: '/usr', path: '/usr', readOnly: true }] })
    try {
      await expect(g.runtime!.create({ image: TEST_IMAGE, name })).rejects.toMatchObject({ status: 409 })
    } finally {
      await a.remove()
    }
  })

  test('containers are created with network mode none, the limits asked for, and our labels', async () => {
    const c = await g.runtime!.create({ image: TEST_IMAGE, cpus: 0.5, memoryBytes: 256 << 20, binds: [{ host: '/usr', path: '/usr', readOnly: true }] })
    try {
      await client.ping()
      const info = await client.json<{ HostConfig: { NetworkMode: string; NanoCpus: number; Memory: number }; Config: { Labels: Record<string, string> }; NetworkSettings: { Networks: Record<string, unknown> } }>('GET', `/containers/${c.id}/json`)
      expect(info.HostConfig).toMatchObject({ NetworkMode: 'none', NanoCpus: 500_000_000, Memory: 256 << 20 })
      // NetworkDisabled: not even the 'none' network is attached
      expect(Object.keys(info.NetworkSettings.Networks).filter((n) => n !== 'none')).toEqual([])
      expect(info.Config.Labels['jarvis-evals.pid']).toBe(String(process.pid))
    } finally {
      await c.remove()
    }
  })
})
