// The tau2 tasks of the selected domains, from a local snapshot (tau2-bench is not on the Hub; OpenJarvis needs
// the Python package at the pinned commit). Domains: `subset` ("airline,retail"), or — as OpenJarvis's shipped
// configs do — a split that is not a split name; default all three. Split: tau2's own split_tasks.json, `test`
// by default (20 airline + 40 retail + 40 telecom at the pinned commit), `train`, or `base`/`all` for every task.
import { JarvisError } from '../../src/core/errors.ts'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { tau2DataDir } from './data-dir.ts'
import { DOMAINS, isDomain, loadDomain, type DomainName } from './domains/index.ts'
import { scenarioText, type Task } from './task.ts'
import type { TauMeta } from './session.ts'

const ALL = new Set(['all', 'base'])

export function selection(ctx: Pick<LoadContext, 'split' | 'subset'>): { domains: DomainName[]; split: string } {
  const split = ctx.split?.trim() || 'test'
  const list = (s: string, where: string): DomainName[] => {
    const names = s.split(',').map((x) => x.trim()).filter(Boolean)
    const bad = names.find((n) => !isDomain(n))
    if (bad) throw new JarvisError('JARVIS_BAD_OPTION', `taubench ${where}: "${bad}" is not a tau2 domain; use ${DOMAINS.join(', ')} (comma-separated).`)
    return names as DomainName[]
  }
  if (ctx.subset?.trim()) return { domains: list(ctx.subset, 'subset'), split }
  // OpenJarvis: a split that is not train/test/all names the domains (its configs say split = "airline,retail").
  if (!['train', 'test', ...ALL].includes(split) && split.split(',').every((s) => isDomain(s.trim()))) return { domains: list(split, 'split'), split: 'test' }
  return { domains: [...DOMAINS], split }
}

export async function loadTauBench(ctx: LoadContext, env: NodeJS.ProcessEnv = process.env): Promise<EvalRecord[]> {
  const dataDir = tau2DataDir(ctx.options, env)
  const { domains, split } = selection(ctx)
  const records: EvalRecord[] = []
  for (const name of domains) {
    const d = loadDomain(dataDir, name)
    let tasks = d.tasks
    if (!ALL.has(split)) {
      const ids = d.splits?.[split]
      if (!ids) throw new JarvisError('JARVIS_BAD_OPTION', `taubench ${name}: no split "${split}" in ${d.dir}/split_tasks.json (splits: ${Object.keys(d.splits ?? {}).join(', ') || 'none; use --split all'}).`)
      const keep = new Set(ids.map(String))
      tasks = tasks.filter((t) => keep.has(t.id))
    }
    for (const task of tasks) records.push(recordOf(name, dataDir, task))
  }
  ctx.log(`${records.length} tasks (${domains.join(', ')}; split ${split}) from ${dataDir}`)
  return records
}

function recordOf(domain: DomainName, dataDir: string, task: Task): EvalRecord {
  const meta: TauMeta = { domain, data_dir: dataDir, task }
  return {
    // OpenJarvis's id is <domain>_<task id>; ours carries the benchmark key in front, as every record id here.
    record_id: `taubench-${domain}_${task.id}`,
    problem: scenarioText(task),
    reference: task.description?.purpose ?? '',
    category: 'agentic',
    subject: `taubench-${domain}`,
    metadata: meta as unknown as Record<string, unknown>,
  }
}
