// The `container` environment kind over the stand-in engine: what it asks the runtime for (no network, the
// read-only binds of JARVIS_CONTAINER_RO_BINDS), exec through the environment, and teardown: a failed setup
// removes the container it made, and the test scope removes every container it opened.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { extraReadOnlyBinds, isContainerEnvironment } from '../../src/environments/container.ts'
import { EnvironmentScope } from '../../src/environments/scope.ts'
import { startFakeDockerEngine, type FakeDockerEngine } from '../support/fake-docker-engine.ts'
import { withEnv } from '../support/container-image.ts'

let engine: FakeDockerEngine
beforeAll(async () => {
  engine = await startFakeDockerEngine({ images: ['img:1'] })
})
afterAll(() => engine?.close())
const env = () => ({ JARVIS_CONTAINER_RUNTIME: 'docker', DOCKER_HOST: engine.host, JARVIS_CONTAINER_RO_BINDS: '/usr, /opt/tools:/tools' })

describe('container environment', () => {
  test('asks for no network and the read-only binds; exec returns text; the scope removes it', async () => {
    await withEnv(env(), async () => {
      const scope = new EnvironmentScope()
      const e = await scope.openFor({ kind: 'container', image: 'img:1', binds: [{ host: '/srv/t', path: '/tests', readOnly: true }], setup: ['true'] })
      expect(isContainerEnvironment(e)).toBe(true)
      const body = engine.requests.find((r) => r.path.includes('/containers/create'))!.body as { HostConfig: { Binds: string[]; NetworkMode: string } }
      expect(body.HostConfig).toMatchObject({ NetworkMode: 'none', Binds: ['/usr:/usr:ro', '/opt/tools:/tools:ro', '/srv/t:/tests:ro'] })
      expect(await e.exec!('echo hi; echo err >&2; exit 2')).toEqual({ exitCode: 2, stdout: 'hi\n', stderr: 'err\n', timedOut: false, truncated: false })
      expect(engine.containers.size).toBe(1)
      await scope.closeAll()
      expect(engine.containers.size).toBe(0)
    })
  })

  test('a failed setup command fails the open and leaves no container', async () => {
    await withEnv(env(), async () => {
      const scope = new EnvironmentScope()
      await expect(scope.openFor({ kind: 'container', image: 'img:1', setup: ['echo broken >&2; exit 3'] })).rejects.toThrow('container setup "echo broken >&2; exit 3" failed (exit 3): broken')
      expect(engine.containers.size).toBe(0)
      await expect(scope.openFor({ kind: 'container', image: 'absent:1' })).rejects.toMatchObject({ code: 'JARVIS_REQUIREMENT' })
      await scope.closeAll()
    })
  })

  test('JARVIS_CONTAINER_RO_BINDS takes host[:container] absolute paths only', () => {
    expect(extraReadOnlyBinds({ JARVIS_CONTAINER_RO_BINDS: '/a,/b:/c' })).toEqual([{ host: '/a', path: '/a', readOnly: true }, { host: '/b', path: '/c', readOnly: true }])
    expect(() => extraReadOnlyBinds({ JARVIS_CONTAINER_RO_BINDS: 'rel' })).toThrow(/not host\[:container\] with absolute paths/)
  })
})
