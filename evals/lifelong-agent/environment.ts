// Each sample's world: db_bench a fresh database with its table (src/environments/mysql.ts), os_interaction a
// container (src/environments/container.ts); knowledge_graph none (it cannot run here). prepare() checks,
// before any model call, what the selected samples need beyond the registry's probes: the OS image, and that
// knowledge_graph is not implemented even where a SPARQL endpoint answers.
import { containerRuntime } from '../../src/containers/index.ts'
import type { PrepareContext } from '../../src/core/benchmark.ts'
import type { EnvironmentSpec } from '../../src/core/environment.ts'
import { JarvisError } from '../../src/core/errors.ts'
import type { EvalRecord } from '../../src/core/record.ts'
import type { MysqlEnvironmentSpec } from '../../src/environments/mysql.ts'
import { initStatements, type DbMeta } from './db-task.ts'
import { DEFAULT_OS_IMAGE, osEnvironment, osImage } from './os-task.ts'

export function sampleEnvironment(record: EvalRecord): EnvironmentSpec | null {
  const subset = record.metadata.subset
  if (subset === 'db_bench') {
    const spec: MysqlEnvironmentSpec = { kind: 'mysql', label: `lifelong_db_${record.metadata.sample_index}`, init: initStatements(record.metadata as unknown as DbMeta) }
    return spec
  }
  if (subset === 'os_interaction') return osEnvironment(record)
  return null
}

export async function prepareLifelong(records: EvalRecord[], ctx: PrepareContext): Promise<void> {
  const subsets = new Set(records.map((r) => String(r.metadata.subset)))
  if (subsets.has('knowledge_graph'))
    throw new JarvisError('JARVIS_UNSUPPORTED', `lifelong-agent knowledge_graph: the SPARQL endpoint at ${process.env.JARVIS_SPARQL_URL} answers, but jarvis-evals does not implement the knowledge-graph API (get_relations, get_neighbors, … over Freebase) yet; run --subset db_bench or os_interaction.`)
  if (!subsets.has('os_interaction')) return
  const image = osImage()
  const runtime = await containerRuntime()
  if (await runtime.hasImage(image)) return ctx.log(`os_interaction image ${image} present on ${runtime.where}`)
  if (ctx.pull && image !== DEFAULT_OS_IMAGE) {
    ctx.log(`pulling ${image}`)
    return runtime.pullImage(image)
  }
  const how =
    image === DEFAULT_OS_IMAGE
      ? `build it from LifelongAgentBench (docker build -f scripts/dockerfile/os_interaction/default scripts/dockerfile/os_interaction --tag ${DEFAULT_OS_IMAGE}), or set JARVIS_LIFELONG_OS_IMAGE to an Ubuntu image you have`
      : `run docker pull ${image} (or docker load -i <file>), or pass --pull`
  throw new JarvisError('JARVIS_REQUIREMENT', `lifelong-agent os_interaction: image ${image} is not on this container runtime (${runtime.where}); ${how}.`)
}
