import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { EvalRecord } from '../../src/core/record.ts'
import { deadPort } from '../../test/support/engine-test-kit.ts'
import { REPO_ROOT } from '../../test/support/run-process.ts'
import { startShopSite } from '../../test/support/webarena-site.ts'
import benchmark from './benchmark.ts'
import { loadWebChoreArena, type ChoreMeta } from './loader.ts'

// The task configs of a WebChoreArena checkout (AgentOccam/config_files/test_<site>.raw.json), their site
// placeholders filled from the environment or [benchmarks.options], and the preflight of what the tasks need.

const REPO = join(REPO_ROOT, 'test/fixtures/webchorearena/repo')
const AGENTOCCAM = join(REPO, 'AgentOccam')
const load = (o: { subset?: string; options?: Record<string, string>; env?: Record<string, string> } = {}) =>
  loadWebChoreArena({ seed: 1, subset: o.subset, options: o.options ?? {}, log: () => {} }, { WEBCHOREARENA_DIR: REPO, ...o.env })
const meta = (r: EvalRecord) => r.metadata as unknown as ChoreMeta
let site: Awaited<ReturnType<typeof startShopSite>>
const tmp = mkdtempSync(join(tmpdir(), 'jarvis-wca-'))
beforeAll(async () => {
  site = await startShopSite()
})
afterAll(async () => {
  await site?.close()
  rmSync(tmp, { recursive: true, force: true })
})

describe('webchorearena loader', () => {
  test('every site file, from the .raw.json configs: ids, subjects and the placeholders filled from the environment', async () => {
    const rs = await load({ env: { SHOPPING: 'http://127.0.0.1:7770/', GITLAB: 'http://127.0.0.1:8023' } })
    expect(rs.map((r) => r.record_id)).toEqual(['webchorearena-20001', 'webchorearena-20002', 'webchorearena-20003', 'webchorearena-20004', 'webchorearena-20005', 'webchorearena-10001', 'webchorearena-30001', 'webchorearena-40001', 'webchorearena-50001'])
    const first = rs[0]
    expect(first).toMatchObject({ category: 'agentic', subject: 'shopping', reference: '{"must_include":["5: 2, 4: 1, 3: 0, 2: 0, 1: 1"]}' })
    expect(meta(first)).toMatchObject({ task_id: 20001, sites: ['shopping'], start_url: 'http://127.0.0.1:7770', storage_state: join(AGENTOCCAM, '.auth/shopping_state.json'), type_main: 'massive_memory' })
    expect(first.problem).toContain('Start page: http://127.0.0.1:7770\nTask: Please provide the distribution of reviews for Blue Ceramic Mug.')
    expect(meta(rs[2]).eval).toMatchObject({ reference_url: 'http://127.0.0.1:7770/green-teapot.html' })
    // The authors' private network (the non-raw configs) is never read.
    expect(JSON.stringify(rs)).not.toContain('172.16.')
    // A site nobody configured keeps its placeholder; prepare() names it.
    expect(meta(rs[6]).start_url).toBe('__REDDIT__')
    expect(meta(rs[8]).sites).toEqual(['gitlab', 'reddit'])
    expect(rs[8].subject).toBe('gitlab')
  })

  test('[benchmarks.options] rank above the environment; auth_dir moves the storage states', async () => {
    const [r] = await load({ subset: 'shopping', options: { shopping: 'http://127.0.0.1:1111', auth_dir: tmp }, env: { SHOPPING: 'http://127.0.0.1:2222' } })
    expect(meta(r)).toMatchObject({ start_url: 'http://127.0.0.1:1111', storage_state: join(tmp, '.auth/shopping_state.json') })
  })

  test('subsets: small (small_set_ids.txt), site names; a bad one is one line', async () => {
    expect((await load({ subset: 'small' })).map((r) => r.record_id)).toEqual(['webchorearena-20001', 'webchorearena-20003', 'webchorearena-10001'])
    expect((await load({ subset: 'gitlab,cross' })).map((r) => r.record_id)).toEqual(['webchorearena-40001', 'webchorearena-50001'])
    await expect(load({ subset: 'shop' })).rejects.toThrow('webchorearena subset: "shop" is not one of all, small, shopping, shopping_admin, reddit, gitlab, cross.')
    await expect(loadWebChoreArena({ seed: 1, log: () => {} }, { WEBCHOREARENA_DIR: tmp })).rejects.toThrow(`webchorearena: ${tmp} holds no AgentOccam/config_files/test_shopping.raw.json; point WEBCHOREARENA_DIR (or [benchmarks.options] data_dir) at a checkout of https://github.com/WebChoreArena/WebChoreArena.git.`)
  })
})

describe('webchorearena prepare: before any model call', () => {
  const prepare = (rs: EvalRecord[], options: Record<string, string> = {}) => benchmark.prepare!(rs, { pull: false, options, log: () => {} })

  test('the sites the selected tasks use must be set and answer; one line names them all', async () => {
    const rs = await load({ env: { SHOPPING: site.url } })
    await expect(prepare(rs.filter((r) => meta(r).sites.includes('shopping')), { shopping: site.url })).resolves.toBeUndefined()
    const port = await deadPort()
    await expect(prepare(rs.filter((r) => r.record_id === 'webchorearena-50001' || r.record_id === 'webchorearena-20001'), { shopping: `http://127.0.0.1:${port}` })).rejects.toThrow(
      new RegExp(`^webchorearena needs the WebArena sites: SHOPPING=http://127\\.0\\.0\\.1:${port} did not answer \\(ECONNREFUSED\\); GITLAB is not set; REDDIT is not set\\. Start the WebArena containers and set SHOPPING, GITLAB, REDDIT \\(or \\[benchmarks\\.options\\] shopping, gitlab, reddit\\)\\.$`),
    )
  })

  test('with JARVIS_BROWSER_LOOPBACK_ONLY=1 (the tests), a site off this machine is refused without a request', async () => {
    process.env.JARVIS_BROWSER_LOOPBACK_ONLY = '1'
    try {
      const rs = (await load({ subset: 'shopping' })).slice(0, 1)
      await expect(prepare(rs, { shopping: 'http://10.0.0.7:7770' })).rejects.toThrow('SHOPPING=http://10.0.0.7:7770 is not on 127.0.0.1 (JARVIS_BROWSER_LOOPBACK_ONLY=1)')
    } finally {
      delete process.env.JARVIS_BROWSER_LOOPBACK_ONLY
    }
  })

  test('a storage state the tasks log in with must exist, and the line says how to make it', async () => {
    const rs = (await load({ subset: 'shopping', options: { auth_dir: tmp }, env: { SHOPPING: site.url } })).slice(0, 1)
    await expect(prepare(rs, { shopping: site.url })).rejects.toThrow(`webchorearena tasks log in with storage states that are not there: ${join(tmp, '.auth/shopping_state.json')}. Create them with WebChoreArena's AgentOccam/browser_env/auto_login.py against your sites, or set WEBCHOREARENA_AUTH_DIR (or [benchmarks.options] auth_dir) to the folder holding .auth/.`)
  })
})
