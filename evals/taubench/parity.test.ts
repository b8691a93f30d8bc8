// Parity with upstream tau2: the same tool calls, run through the pinned commit's Python (parity/run_upstream.py,
// which wrote goldens.json) and through this port, give the same text back and leave the same databases. The
// cases are every fixture task's expected actions, plus calls that reach every tool and its errors.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { REPO_ROOT } from '../../test/support/run-process.ts'
import { domainEnvironment, loadDomain, type DomainName } from './domains/index.ts'
import type { Requestor } from './environment.ts'
import { parametersOf } from './toolkit.ts'

const FIX = join(REPO_ROOT, 'test/fixtures/taubench')
const DATA = join(FIX, 'data/tau2')

interface Case {
  name: string
  domain: DomainName
  task_id: string | null
  calls: { requestor: Requestor; name: string; arguments: Record<string, unknown> }[]
}
interface Golden {
  name: string
  results: { content: string; error: boolean }[]
  db: Record<string, unknown>
  user_db: Record<string, unknown> | null
  assertions: (boolean | string)[]
}

const cases = JSON.parse(readFileSync(join(FIX, 'parity/cases.json'), 'utf8')) as Case[]
const goldens = new Map((JSON.parse(readFileSync(join(FIX, 'parity/goldens.json'), 'utf8')) as Golden[]).map((g) => [g.name, g]))

/**
 * What may differ and why: Python prints a whole-number float as 100.0 (JavaScript has one number type), and
 * pydantic's validation messages end with its version's help URL and input echo.
 */
const same = (s: string) =>
  s
    .replace(/(\d)\.0(?![\d])/g, '$1')
    .replace(/ \[type=[^\]]*\](\n\s+For further information visit \S+)?/g, '')

describe('tau2 parity: the port answers every call as upstream does', () => {
  for (const c of cases) {
    test(c.name, () => {
      const g = goldens.get(c.name)
      expect(g, `no golden for ${c.name}: rerun parity/run_upstream.py`).toBeDefined()
      const d = loadDomain(DATA, c.domain)
      const env = domainEnvironment(d)
      const task = c.task_id === null ? null : d.tasks.find((t) => t.id === c.task_id)!
      env.setState(task?.initial_state)
      c.calls.forEach((call, i) => {
        const got = env.respond(call.name, call.arguments, call.requestor)
        const want = g!.results[i]
        expect({ call: `${i}: ${call.name}`, content: same(got.content), error: got.error }).toEqual({ call: `${i}: ${call.name}`, content: same(want.content), error: want.error })
      })
      const db = structuredClone(env.agent.db()) as Record<string, unknown>
      if (c.domain === 'retail') delete db.products
      expect(db).toEqual(g!.db)
      expect(env.user?.db() ?? null).toEqual(g!.user_db)
      const assertions = (task?.evaluation_criteria?.env_assertions ?? []).map((a) => env.assertionHolds(a))
      expect(assertions).toEqual(g!.assertions)
    })
  }
})

// The tools the model is offered: names, descriptions, argument names, which are required, their descriptions and
// types, as upstream builds them from each function's docstring and signature (tool-schemas.json: the pinned
// commit's `Tool.openai_schema`). Nested models are written inline here instead of pydantic's $defs/$ref, which
// not every engine's function calling resolves; titles are left out.
describe('tau2 parity: the tool definitions', () => {
  const upstream = JSON.parse(readFileSync(join(FIX, 'parity/tool-schemas.json'), 'utf8')) as Record<string, Record<string, { description: string; parameters: Schema }>>
  type Schema = { properties?: Record<string, Schema>; required?: string[]; $defs?: Record<string, Schema>; $ref?: string; items?: Schema; anyOf?: Schema[]; type?: string | string[]; enum?: string[]; description?: string }
  const resolve = (s: Schema, defs: Record<string, Schema>): Schema => (s.$ref ? defs[s.$ref.split('/').pop()!] : s)
  /** What of a property the model relies on: its type (the model's own, for a $ref), enum, description, nested shape. */
  const shape = (s: Schema, defs: Record<string, Schema>): unknown => {
    const r = resolve(s, defs)
    if (r.anyOf) {
      const objects = r.anyOf.map((x) => resolve(x, defs)).filter((x) => x.properties)
      if (objects.length) return { ...(s.description ? { description: s.description } : {}), ...(shape(objects[0], defs) as object) }
    }
    return {
      ...(r.type ? { type: r.type } : {}),
      ...(r.enum ? { enum: r.enum } : {}),
      ...(s.description ?? r.description ? { description: s.description ?? r.description } : {}),
      ...(r.items ? { items: shape(r.items, defs) } : {}),
      ...(r.properties ? { properties: Object.fromEntries(Object.entries(r.properties).map(([k, v]) => [k, shape(v, defs)])), required: r.required ?? [] } : {}),
    }
  }
  const kits = {
    airline: () => domainEnvironment(loadDomain(DATA, 'airline')).agent,
    retail: () => domainEnvironment(loadDomain(DATA, 'retail')).agent,
    telecom: () => domainEnvironment(loadDomain(DATA, 'telecom')).agent,
    telecom_user: () => domainEnvironment(loadDomain(DATA, 'telecom')).user!,
  }
  for (const [kit, make] of Object.entries(kits)) {
    test(`${kit}: every tool as upstream describes it`, () => {
      const ours = make().tools
      const theirs = upstream[kit]
      expect(ours.map((t) => t.name).sort()).toEqual(Object.keys(theirs).sort())
      for (const t of ours) {
        const u = theirs[t.name]
        expect({ tool: t.name, description: t.description }).toEqual({ tool: t.name, description: u.description })
        const p = parametersOf(t) as Schema
        const defs = u.parameters.$defs ?? {}
        expect({ tool: t.name, required: p.required }).toEqual({ tool: t.name, required: u.parameters.required ?? [] })
        expect({ tool: t.name, params: shape({ properties: p.properties, required: p.required }, {}) }).toEqual({ tool: t.name, params: shape({ properties: u.parameters.properties ?? {}, required: u.parameters.required ?? [] }, defs) })
      }
    })
  }
})
