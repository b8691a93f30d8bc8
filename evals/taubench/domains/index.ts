// The three tau2 domains as files under data/tau2/domains/<name>/ (the real layout), read once per process, and
// a fresh environment over copies of their databases for each sample (and for each gold replay).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse as parseToml } from 'smol-toml'
import { JarvisError } from '../../../src/core/errors.ts'
import type { TauEnvironment } from '../environment.ts'
import { clone } from '../py-json.ts'
import { parseOrdered } from '../ordered-json.ts'
import { TaskSchema, type Task } from '../task.ts'
import { airlineEnvironment } from './airline.ts'
import { retailEnvironment } from './retail.ts'
import { telecomEnvironment, telecomPolicy } from './telecom.ts'

export const DOMAINS = ['airline', 'retail', 'telecom'] as const
export type DomainName = (typeof DOMAINS)[number]

type Obj = Record<string, unknown>

export interface DomainData {
  name: DomainName
  dir: string
  policy: string
  db: Obj
  userDb: Obj | null
  tasks: Task[]
  /** split_tasks.json: split name → task ids (train, test, base …); null when the domain has none. */
  splits: Record<string, string[]> | null
}

const FILES: Record<DomainName, { db: string; userDb?: string; policy: string[] }> = {
  airline: { db: 'db.json', policy: ['policy.md'] },
  retail: { db: 'db.json', policy: ['policy.md'] },
  telecom: { db: 'db.toml', userDb: 'user_db.toml', policy: ['main_policy.md', 'tech_support_manual.md'] },
}

const cache = new Map<string, DomainData>()

export function loadDomain(dataDir: string, name: DomainName): DomainData {
  const dir = join(dataDir, 'domains', name)
  const hit = cache.get(dir)
  if (hit) return hit
  const f = FILES[name]
  const need = (file: string) => {
    const p = join(dir, file)
    if (!existsSync(p)) throw new JarvisError('JARVIS_DATASET', `taubench ${name}: ${p} is missing; the snapshot must hold the domain's files as tau2-bench has them (${[f.db, f.userDb, ...f.policy, 'tasks.json'].filter(Boolean).join(', ')}).`)
    return readFileSync(p, 'utf8')
  }
  const data = (file: string): Obj => {
    const text = need(file)
    try {
      return (file.endsWith('.toml') ? parseToml(text) : parseOrdered(text)) as Obj
    } catch (e) {
      throw new JarvisError('JARVIS_DATASET', `taubench ${name}: ${join(dir, file)} does not parse: ${(e as Error).message.split('\n')[0]}`)
    }
  }
  const policies = f.policy.map(need)
  const rawTasks = data('tasks.json') as unknown
  const list = Array.isArray(rawTasks) ? rawTasks : (rawTasks as { tasks?: unknown[] }).tasks
  if (!Array.isArray(list)) throw new JarvisError('JARVIS_DATASET', `taubench ${name}: ${join(dir, 'tasks.json')} holds no list of tasks.`)
  const tasks = list.map((t, i) => {
    const r = TaskSchema.safeParse(t)
    if (!r.success) throw new JarvisError('JARVIS_DATASET', `taubench ${name}: task #${i + 1} in ${join(dir, 'tasks.json')} is not a tau2 task: ${r.error.issues[0]?.path.join('.')} ${r.error.issues[0]?.message}.`)
    return r.data
  })
  const splitFile = join(dir, 'split_tasks.json')
  const loaded: DomainData = {
    name,
    dir,
    policy: name === 'telecom' ? telecomPolicy(policies[0], policies[1]) : policies[0],
    db: data(f.db),
    userDb: f.userDb ? data(f.userDb) : null,
    tasks,
    splits: existsSync(splitFile) ? (JSON.parse(readFileSync(splitFile, 'utf8')) as Record<string, string[]>) : null,
  }
  cache.set(dir, loaded)
  return loaded
}

/** A fresh environment of the domain: its own copies of the databases, the policy, the tools. */
export function domainEnvironment(d: DomainData): TauEnvironment {
  switch (d.name) {
    case 'airline':
      return airlineEnvironment(d.db, d.policy)
    case 'retail':
      return retailEnvironment(d.db, d.policy)
    case 'telecom':
      return telecomEnvironment(clone(d.db), clone(d.userDb ?? {}), d.policy)
  }
}

export const isDomain = (s: string): s is DomainName => (DOMAINS as readonly string[]).includes(s)
