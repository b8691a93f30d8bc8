// webchorearena end to end through the CLI: the fixture checkout (AgentOccam/config_files/*.raw.json), the
// stand-in shop on 127.0.0.1 as SHOPPING, a headless Chromium per sample (playwright-core, the system's
// Chromium), the browser tools driven by the scripted model over the real openai client, and WebArena's
// evaluators. Then what must be refused before any chat request (no Chromium, a site down), workarena's probe,
// and that no browser process is left behind.
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SAMPLE_RESULT_KEYS, SampleResultSchema, type SampleResult } from '../../src/core/sample-result.ts'
import { findChromium } from '../../src/requirements/chromium.ts'
import type { TraceLine } from '../../src/results/trace.ts'
import { deadPort } from '../support/engine-test-kit.ts'
import { conversationOf, startFakeOpenAI, type FakeOpenAI, type FakeReply } from '../support/fake-openai.ts'
import { REPO_ROOT, runJarvis } from '../support/run-process.ts'
import { startShopSite } from '../support/webarena-site.ts'

const REPO = join(REPO_ROOT, 'test/fixtures/webchorearena/repo')
const IDS = ['webchorearena-20001', 'webchorearena-20002', 'webchorearena-20003']
const TAG = `wca-e2e-${process.pid}`
const skip = !findChromium().path && !process.env.CI

/** A web agent: reads the page, searches, follows links by their numbers, answers from what the pages said. */
function agent(body: Record<string, unknown>): string | FakeReply {
  const convo = conversationOf(body)
  const task = String(convo.find((m) => m.role === 'user')!.content)
  const page = [...convo].reverse().find((m) => m.role === 'tool')
  const seen = String(page?.content ?? '')
  const id = (re: RegExp) => Number(re.exec(seen)?.[1])
  if (!page) return { toolCalls: [{ name: 'browser_read', arguments: {} }] }
  if (task.includes('distribution of reviews')) {
    if (seen.includes('Customer Reviews')) {
      const stars = [...seen.matchAll(/Rating (\d+)%/g)].map((m) => Number(m[1]) / 20)
      return `I counted the ratings.\nFINAL ANSWER: ${[5, 4, 3, 2, 1].map((s) => `${s}: ${stars.filter((x) => x === s).length}`).join(', ')}`
    }
    if (seen.includes('Title: Blue Ceramic Mug')) return { toolCalls: [{ name: 'browser_click', arguments: { element_id: id(/\[(\d+)\] link "\d+ Reviews"/) } }] }
    if (seen.includes('Search results')) return { toolCalls: [{ name: 'browser_click', arguments: { element_id: id(/\[(\d+)\] link "Blue Ceramic Mug"/) } }] }
    return { toolCalls: [{ name: 'browser_type', arguments: { element_id: id(/\[(\d+)\] textbox "Search/), text: 'blue ceramic mug', press_enter: true } }] }
  }
  if (task.includes('SKU of the Red Kettle')) {
    // Wrong on purpose: it answers from the search results (the price) without opening the product.
    if (seen.includes('Search results')) return `FINAL ANSWER: ${/\$\d+\.\d\d/.exec(seen)![0]}`
    return { toolCalls: [{ name: 'browser_type', arguments: { element_id: id(/\[(\d+)\] textbox "Search/), text: 'red kettle', press_enter: true } }] }
  }
  if (task.includes('Green Teapot')) {
    if (seen.includes('Title: Green Teapot')) return 'FINAL ANSWER: done'
    return { toolCalls: [{ name: 'browser_click', arguments: { element_id: id(/\[(\d+)\] link "Green Teapot"/) } }] }
  }
  return 'FINAL ANSWER: N/A'
}

let api: FakeOpenAI
let site: Awaited<ReturnType<typeof startShopSite>>
let dir: string
const chats = () => api.requests.filter((r) => r.path === '/v1/chat/completions')
const lines = <T = SampleResult>(p: string): T[] => readFileSync(p, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as T)
const tagged = () =>
  readdirSync('/proc').filter((p) => {
    try {
      return /^\d+$/.test(p) && readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(`--jarvis-tag=${TAG}`)
    } catch {
      return false
    }
  })
const env = (extra: Record<string, string> = {}) => ({ JARVIS_QUIET: '1', JARVIS_BROWSER_LOOPBACK_ONLY: '1', JARVIS_BROWSER_TAG: TAG, WEBCHOREARENA_DIR: REPO, SHOPPING: site.url, ...extra })
const args = (out: string, extra: string[] = []) => ['eval', 'run', '-b', 'webchorearena', '-m', 'test-model', '--base-url', `${api.url}/v1`, '--backend', 'jarvis-agent', '--judge-model', 'test-model', '--record-ids', IDS.join(','), '--output-dir', join(dir, out), '-w', '2', ...extra]

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jarvis-wca-e2e-'))
  site = await startShopSite()
  api = await startFakeOpenAI({ answer: (_p, body) => agent(body) })
})
afterAll(async () => {
  await api?.close()
  await site?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe.skipIf(skip)(`jarvis eval run -b webchorearena in a headless Chromium${skip ? ' (skipped: no Chromium; apt-get install chromium)' : ''}`, () => {
  let res: Awaited<ReturnType<typeof runJarvis>>
  let out: Record<string, SampleResult>
  beforeAll(async () => {
    res = await runJarvis(args('run'), env(), 180_000)
    out = Object.fromEntries(lines(join(dir, 'run', 'webchorearena_test-model.jsonl')).map((l) => [l.record_id, l]))
  }, 200_000)

  test('one spec-shaped line per task, scored by its WebArena evaluator on the live page', () => {
    expect(res.code, res.stdout + res.stderr).toBe(0)
    expect(res.stdout).toContain('webchorearena: Chromium: ')
    expect(res.stdout).toContain('webchorearena: sites answering: shopping')
    expect(Object.keys(out).sort()).toEqual(IDS)
    for (const l of Object.values(out)) {
      expect(Object.keys(l)).toEqual(SAMPLE_RESULT_KEYS)
      expect(() => SampleResultSchema.parse(l)).not.toThrow()
      expect(l).toMatchObject({ benchmark: 'webchorearena', backend: 'jarvis-agent', error: null, category: 'agentic', subject: 'shopping' })
    }
    expect(out['webchorearena-20001']).toMatchObject({ is_correct: true, score: 1, model_answer: 'I counted the ratings.\nFINAL ANSWER: 5: 2, 4: 1, 3: 0, 2: 0, 1: 1' })
    expect(out['webchorearena-20001'].scoring_metadata).toMatchObject({ answer: '5: 2, 4: 1, 3: 0, 2: 0, 1: 1', scores: { string_match: 1 }, last_url: `${site.url}/blue-ceramic-mug/reviews` })
    expect(out['webchorearena-20002']).toMatchObject({ is_correct: false, score: 0 })
    expect(out['webchorearena-20002'].scoring_metadata).toMatchObject({ answer: '$34.50', reason: 'string_match' })
    expect(out['webchorearena-20003']).toMatchObject({ is_correct: true, score: 1 })
    expect(out['webchorearena-20003'].scoring_metadata).toMatchObject({ scores: { url_match: 1 }, last_url: `${site.url}/green-teapot.html` })
  })

  test('the browser really went there, logged in with the storage state; every call is in the trace', () => {
    const traces = Object.fromEntries(lines<TraceLine>(join(dir, 'run', 'traces', 'webchorearena_test-model', 'traces.jsonl')).map((t) => [t.record_id, t]))
    const t = traces['webchorearena-20001']
    expect(t.trace_data.turns.flatMap((x) => x.tool_calls.map((c) => c.name))).toEqual(['browser_read', 'browser_type', 'browser_click', 'browser_click'])
    expect(t.trace_data.turns[0].tool_results![0].content).toContain('Welcome, Emma Lopez!')
    expect(site.requests).toContain('/catalogsearch/result/?q=blue+ceramic+mug')
    expect(site.requests).toContain('/blue-ceramic-mug/reviews')
    // 20002 has no storage state: the site greets no one.
    expect(traces['webchorearena-20002'].trace_data.turns[0].tool_results![0].content).toContain('[2] link "Sign In"')
    expect(out['webchorearena-20001'].prompt_tokens).toBe(t.trace_data.turns.reduce((s, x) => s + x.prompt_tokens, 0))
  })

  test('no Chromium process is left behind', () => {
    expect(tagged()).toEqual([])
  })
})

describe('webchorearena and workarena refused before any chat request: one line, exit 2', () => {
  const refused = async (a: string[], e: Record<string, string>) => {
    const before = chats().length
    const r = await runJarvis(a, e)
    expect(r.code, r.stdout + r.stderr).toBe(2)
    const err = r.stderr.trim().split('\n')
    expect(err, r.stderr).toHaveLength(1)
    expect(chats().length).toBe(before)
    return err[0]
  }

  test('no Chromium', async () => {
    expect(await refused(args('x'), env({ JARVIS_CHROMIUM: '/nonexistent/chromium' }))).toBe(
      'jarvis: webchorearena needs Chromium: no Chromium at JARVIS_CHROMIUM=/nonexistent/chromium (not an executable). apt-get install chromium, or set JARVIS_CHROMIUM to a Chromium or Chrome binary.',
    )
  })

  // Chromium is checked first: without one here, the site's check is never reached (CI installs Chromium).
  test.skipIf(skip)(`the site is down, or not set${skip ? ' (skipped: no Chromium; apt-get install chromium)' : ''}`, async () => {
    const port = await deadPort()
    expect(await refused(args('x'), env({ SHOPPING: `http://127.0.0.1:${port}` }))).toBe(
      `jarvis: webchorearena needs the WebArena sites: SHOPPING=http://127.0.0.1:${port} did not answer (ECONNREFUSED). Start the WebArena containers and set SHOPPING (or [benchmarks.options] shopping).`,
    )
    expect(await refused(args('x'), { ...env(), SHOPPING: '' })).toBe('jarvis: webchorearena needs the WebArena sites: SHOPPING is not set. Start the WebArena containers and set SHOPPING (or [benchmarks.options] shopping).')
  })

  test('workarena: what it needs, and — all found — that it runs in its own harness', async () => {
    expect(await refused(['eval', 'run', '-b', 'workarena', '-m', 'test-model', '--base-url', `${api.url}/v1`], { JARVIS_QUIET: '1', JARVIS_WORKARENA_PYTHON: '/nonexistent/python3' })).toBe(
      'jarvis: workarena needs SNOW_INSTANCE_URL, Python browsergym.workarena: a ServiceNow instance is needed: set SNOW_INSTANCE_URL to its URL. WorkArena runs against your own instance (https://github.com/ServiceNow/WorkArena#getting-started; SNOW_INSTANCE_UNAME and SNOW_INSTANCE_PWD log in). Python package browsergym.workarena: /nonexistent/python3 -c "import browsergym.workarena" failed (ENOENT). pip install browsergym-workarena && playwright install chromium, and point JARVIS_WORKARENA_PYTHON at that Python.',
    )
    const python = join(dir, 'python-with-workarena')
    writeFileSync(python, '#!/bin/sh\n[ "$1" = "-c" ] && [ "$2" = "import browsergym.workarena" ] && exit 0\nexit 1\n')
    chmodSync(python, 0o755)
    expect(await refused(['eval', 'run', '-b', 'workarena', '-m', 'test-model', '--base-url', `${api.url}/v1`], { JARVIS_QUIET: '1', JARVIS_WORKARENA_PYTHON: python, SNOW_INSTANCE_URL: site.url })).toBe(
      'jarvis: workarena runs in its own harness, which jarvis-evals only checks for (all found here); run it there: BrowserGym / AgentLab with browsergym-workarena against your instance (https://github.com/ServiceNow/WorkArena).',
    )
  })

  test('jarvis eval list: what each needs on this machine', async () => {
    const r = await runJarvis(['eval', 'list', '--json'], { JARVIS_QUIET: '1', JARVIS_CHROMIUM: '/nonexistent/chromium', JARVIS_WORKARENA_PYTHON: '/nonexistent/python3' })
    const rows = Object.fromEntries((JSON.parse(r.stdout) as { key: string; status: string; machine: { ok: boolean; missing: string[] } }[]).map((x) => [x.key, x]))
    expect(rows.webchorearena).toMatchObject({ status: 'ready', machine: { ok: false, missing: ['Chromium'] } })
    expect(rows.workarena).toMatchObject({ status: 'missing', machine: { ok: false, missing: ['SNOW_INSTANCE_URL', 'Python browsergym.workarena'] } })
  })
})
