// prepare(): every selected task's image on the runtime before any model call (the stand-in engine): present,
// missing (one or several, named with what to do), pulled only with --pull.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { EvalRecord } from '../../src/core/record.ts'
import { withEnv } from '../../test/support/container-image.ts'
import { startFakeDockerEngine, type FakeDockerEngine } from '../../test/support/fake-docker-engine.ts'
import { prepareImages } from './environment.ts'

let engine: FakeDockerEngine
beforeAll(async () => {
  engine = await startFakeDockerEngine({ images: ['have:1'], pullable: ['org/pull:1', 'org/pull:2'] })
})
afterAll(() => engine?.close())
const rec = (id: string, image: string) => ({ record_id: `terminalbench-v2.1-${id}`, metadata: { task_id: id, docker_image: image } }) as unknown as EvalRecord
const prep = (records: EvalRecord[], pull = false, lines: string[] = []) => withEnv({ JARVIS_CONTAINER_RUNTIME: 'docker', DOCKER_HOST: engine.host }, () => prepareImages(records, { pull, log: (l) => lines.push(l) }))

describe('terminalbench-v2.1 prepare', () => {
  test('present images: one line, nothing pulled', async () => {
    const lines: string[] = []
    await prep([rec('a', 'have:1'), rec('b', 'have:1')], false, lines)
    expect(lines).toEqual([`1 task image(s) present on DOCKER_HOST=${engine.host}`])
  })

  test('missing images are named; several are counted', async () => {
    await expect(prep([rec('a', 'have:1'), rec('b', 'org/pull:1')])).rejects.toMatchObject({ code: 'JARVIS_REQUIREMENT', message: `terminalbench-v2.1 task b: image org/pull:1 is not on this container runtime (DOCKER_HOST=${engine.host}); run docker pull org/pull:1 (or docker load -i <file>), or pass --pull.` })
    await expect(prep([rec('b', 'org/pull:1'), rec('c', 'org/pull:2'), rec('d', 'have:1')])).rejects.toThrow(`terminalbench-v2.1: 2 of 3 task images are not on this container runtime (DOCKER_HOST=${engine.host}): org/pull:1, org/pull:2; docker pull (or docker load) each, or pass --pull.`)
    expect(engine.requests.some((r) => r.path.includes('/images/create'))).toBe(false)
  })

  test('--pull fetches the missing ones', async () => {
    const lines: string[] = []
    await prep([rec('b', 'org/pull:1'), rec('c', 'org/pull:2')], true, lines)
    expect(lines).toEqual(['pulling org/pull:1', 'pulling org/pull:2'])
    expect(engine.images.has('org/pull:1') && engine.images.has('org/pull:2')).toBe(true)
  })
})
