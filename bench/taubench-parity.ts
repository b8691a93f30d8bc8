// Parity of the taubench port with upstream tau2 on any snapshot: every task's gold actions (or the cases of a
// file) through the port, compared call by call and database by database with what parity/run_upstream.py
// printed for the same cases on the pinned commit's Python.
//
//   npx vite-node bench/taubench-parity.ts <data/tau2 dir> <goldens.json> [cases.json]
//   (without cases.json: every task of every domain present, its gold actions — what run_upstream.py was given)
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { domainEnvironment, DOMAINS, loadDomain, type DomainName } from '../evals/taubench/domains/index.ts'
import type { Requestor } from '../evals/taubench/environment.ts'

type Case = { name: string; domain: DomainName; task_id: string | null; calls: { requestor: Requestor; name: string; arguments: Record<string, unknown> }[] }
type Golden = { name: string; results: { content: string; error: boolean }[]; db: unknown; user_db: unknown; assertions: unknown[] }

const [dataDir, goldenFile, casesFile] = process.argv.slice(2)
const same = (s: string) => s.replace(/(\d)\.0(?![\d])/g, '$1').replace(/ \[type=[^\]]*\](\n\s+For further information visit \S+)?/g, '')

export function goldCases(dir: string): Case[] {
  return DOMAINS.filter((d) => existsSync(join(dir, 'domains', d, 'tasks.json'))).flatMap((d) =>
    loadDomain(dir, d).tasks.map((t) => ({ name: `${d} ${t.id}`, domain: d, task_id: t.id, calls: (t.evaluation_criteria?.actions ?? []).map((a) => ({ requestor: a.requestor, name: a.name, arguments: a.arguments })) })),
  )
}

const cases: Case[] = casesFile ? JSON.parse(readFileSync(casesFile, 'utf8')) : goldCases(dataDir)
const goldens = new Map((JSON.parse(readFileSync(goldenFile, 'utf8')) as Golden[]).map((g) => [g.name, g]))
const canon = (v: unknown): string => JSON.stringify(v, (_k, x) => (x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, x[k]])) : x))
let calls = 0
let callDiffs = 0
let dbDiffs = 0
let assertionDiffs = 0
const t0 = performance.now()
for (const c of cases) {
  const g = goldens.get(c.name)
  if (!g) throw new Error(`no golden for ${c.name}`)
  const d = loadDomain(dataDir, c.domain)
  const env = domainEnvironment(d)
  const task = c.task_id === null ? undefined : d.tasks.find((t) => t.id === c.task_id)
  env.setState(task?.initial_state)
  c.calls.forEach((call, i) => {
    calls++
    const got = env.respond(call.name, call.arguments, call.requestor)
    if (same(got.content) !== same(g.results[i].content) || got.error !== g.results[i].error) {
      callDiffs++
      console.log(`DIFF ${c.name} #${i} ${call.name}\n  port:     ${got.content.slice(0, 300)}\n  upstream: ${g.results[i].content.slice(0, 300)}`)
    }
  })
  const db = structuredClone(env.agent.db()) as Record<string, unknown>
  if (c.domain === 'retail') delete db.products
  if (canon(db) !== canon(g.db) || canon(env.user?.db() ?? null) !== canon(g.user_db)) {
    dbDiffs++
    console.log(`DB DIFF ${c.name}`)
  }
  const assertions = (task?.evaluation_criteria?.env_assertions ?? []).map((a) => env.assertionHolds(a))
  if (canon(assertions) !== canon(g.assertions)) {
    assertionDiffs++
    console.log(`ASSERTION DIFF ${c.name}: port ${canon(assertions)} upstream ${canon(g.assertions)}`)
  }
}
console.log(JSON.stringify({ cases: cases.length, calls, call_diffs: callDiffs, db_diffs: dbDiffs, assertion_diffs: assertionDiffs, seconds: Math.round(performance.now() - t0) / 1000 }))
