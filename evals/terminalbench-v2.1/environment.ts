// The container of one task, as OpenJarvis starts it (its image, `--cpus <cpus or 2> --memory <memory or 4G>`,
// `mkdir -p /logs/verifier`), but with no network and without /tests: Harbor copies the tests in only when the
// agent is done (verifier.ts), so the agent cannot read them. Before any model call, prepare() checks that every
// selected task's image is on the runtime, and pulls the missing ones only with --pull.
import { randomBytes } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { containerRuntime } from '../../src/containers/index.ts'
import type { PrepareContext } from '../../src/core/benchmark.ts'
import { JarvisError } from '../../src/core/errors.ts'
import type { EvalRecord } from '../../src/core/record.ts'
import type { ContainerEnvironmentSpec } from '../../src/environments/container.ts'

export const DEFAULT_CPUS = 2
export const DEFAULT_MEMORY_BYTES = 4 * 1024 ** 3

export function taskEnvironment(record: EvalRecord): ContainerEnvironmentSpec {
  const m = record.metadata
  const id = String(m.task_id)
  return {
    kind: 'container',
    image: String(m.docker_image),
    name: `tbv21-${id}-${randomBytes(4).toString('hex')}`.replace(/[^a-zA-Z0-9_.-]/g, '-').slice(0, 63),
    // A task asking for more cores than the host has would be refused by the engine.
    cpus: Math.min(Number(m.cpus) || DEFAULT_CPUS, availableParallelism()),
    memoryBytes: Number(m.memory_bytes) || DEFAULT_MEMORY_BYTES,
    setup: ['mkdir -p /logs/verifier'],
  }
}

export async function prepareImages(records: EvalRecord[], ctx: PrepareContext): Promise<void> {
  const runtime = await containerRuntime()
  const images = [...new Set(records.map((r) => String(r.metadata.docker_image)))]
  const missing: string[] = []
  for (const image of images) if (!(await runtime.hasImage(image))) missing.push(image)
  if (missing.length && ctx.pull) {
    for (const image of missing) {
      ctx.log(`pulling ${image}`)
      await runtime.pullImage(image)
    }
    return
  }
  if (missing.length === 1) {
    const task = records.find((r) => r.metadata.docker_image === missing[0])!.metadata.task_id
    throw new JarvisError('JARVIS_REQUIREMENT', `terminalbench-v2.1 task ${task}: image ${missing[0]} is not on this container runtime (${runtime.where}); run docker pull ${missing[0]} (or docker load -i <file>), or pass --pull.`)
  }
  if (missing.length)
    throw new JarvisError('JARVIS_REQUIREMENT', `terminalbench-v2.1: ${missing.length} of ${images.length} task images are not on this container runtime (${runtime.where}): ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}; docker pull (or docker load) each, or pass --pull.`)
  ctx.log(`${images.length} task image(s) present on ${runtime.where}`)
}
