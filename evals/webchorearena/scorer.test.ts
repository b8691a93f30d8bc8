import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Environment } from '../../src/core/environment.ts'
import type { EvalRecord } from '../../src/core/record.ts'
import { openBrowserEnvironment } from '../../src/environments/browser.ts'
import { findChromium } from '../../src/requirements/chromium.ts'
import { createJudge } from '../../src/scoring/judge/create-judge.ts'
import { browserClickTool, browserNavigateTool, browserReadTool, browserTypeTool } from '../../src/tools/browser.ts'
import { startFakeOpenAI, type FakeOpenAI } from '../../test/support/fake-openai.ts'
import { REPO_ROOT } from '../../test/support/run-process.ts'
import { startShopSite } from '../../test/support/webarena-site.ts'
import benchmark from './benchmark.ts'
import { loadWebChoreArena } from './loader.ts'
import { scoreChore } from './scorer.ts'

// WebChoreArena's evaluators on a real headless Chromium against the stand-in shop on 127.0.0.1: the browser
// tools act, then the scorer reads the answer, the URL the browser ended on, and the page's contents.

const REPO = join(REPO_ROOT, 'test/fixtures/webchorearena/repo')
const chromium = findChromium().path
const skip = !chromium && !process.env.CI

describe.skipIf(skip)(`webchorearena scoring in a browser${skip ? ' (skipped: no Chromium; apt-get install chromium)' : ''}`, () => {
  let site: Awaited<ReturnType<typeof startShopSite>>
  let api: FakeOpenAI
  let verdict = 'Correct: the student names the Green Teapot.'
  let records: Map<number, EvalRecord>
  const open: Environment[] = []
  beforeAll(async () => {
    process.env.JARVIS_BROWSER_LOOPBACK_ONLY = '1'
    site = await startShopSite()
    api = await startFakeOpenAI({ models: ['judge-model'], answer: () => verdict })
    const rs = await loadWebChoreArena({ seed: 1, subset: 'shopping', log: () => {} }, { WEBCHOREARENA_DIR: REPO, SHOPPING: site.url })
    records = new Map(rs.map((r) => [(r.metadata as { task_id: number }).task_id, r]))
  })
  afterAll(async () => {
    await Promise.allSettled(open.map((e) => e.close()))
    await site?.close()
    await api?.close()
    delete process.env.JARVIS_BROWSER_LOOPBACK_ONLY
  })

  const browse = async (id: number) => {
    const record = records.get(id)!
    const env = await openBrowserEnvironment(benchmark.environment!(record)!)
    open.push(env)
    return { record, env, ctx: { environment: env } }
  }
  const judge = () => createJudge({ model: 'judge-model', engine: 'openai-compatible', baseUrl: `${api.url}/v1`, temperature: 0, maxTokens: 256, maxWorkers: 1 }, { maxRetries: 0 })
  const score = async (record: EvalRecord, reply: string, env: Environment) => scoreChore(record, reply, { judge: await judge(), seed: 1, environment: env })

  test('string_match: the review distribution read off the pages, logged in with the task’s storage state', async () => {
    const { record, env, ctx } = await browse(20001)
    const home = (await browserReadTool().call({}, ctx)).content
    expect(home).toContain('Welcome, Emma Lopez!')
    const box = /\[(\d+)\] textbox "Search entire store here\.\.\."/.exec(home)![1]
    const results = (await browserTypeTool().call({ element_id: Number(box), text: 'blue mug', press_enter: true }, ctx)).content
    expect(results).toMatch(/^URL: http:\/\/127\.0\.0\.1:\d+\/catalogsearch\/result\/\?q=blue\+mug\n/)
    const link = /\[(\d+)\] link "Blue Ceramic Mug" -> \/blue-ceramic-mug\.html/.exec(results)![1]
    const product = (await browserClickTool().call({ element_id: Number(link) }, ctx)).content
    const reviews = /\[(\d+)\] link "4 Reviews"/.exec(product)![1]
    expect((await browserClickTool().call({ element_id: Number(reviews) }, ctx)).content).toContain('Review 4: Rating 20%')
    expect(await score(record, 'I counted them.\nFINAL ANSWER: 5: 2, 4: 1, 3: 0, 2: 0, 1: 1', env)).toMatchObject({ isCorrect: true, score: 1, extracted: '5: 2, 4: 1, 3: 0, 2: 0, 1: 1', metadata: { scores: { string_match: 1 } } })
    expect(await score(record, 'FINAL ANSWER: 5: 3, 4: 1, 3: 0, 2: 0, 1: 0', env)).toMatchObject({ isCorrect: false, score: 0, reason: 'string_match' })
  })

  test('url_match: the page the browser ended on', async () => {
    const { record, env, ctx } = await browse(20003)
    expect(await score(record, 'FINAL ANSWER: done', env)).toMatchObject({ isCorrect: false, reason: 'url_match' })
    await browserNavigateTool().call({ url: `${site.url}/green-teapot.html` }, ctx)
    expect(await score(record, 'FINAL ANSWER: done', env)).toMatchObject({ isCorrect: true, metadata: { last_url: `${site.url}/green-teapot.html` } })
  })

  test('program_html: the contact form’s text, read with the task’s own locator (its unclosed bracket included)', async () => {
    const { record, env, ctx } = await browse(20004)
    expect(await score(record, 'FINAL ANSWER: done', env)).toMatchObject({ isCorrect: false, score: 0, reason: 'program_html' })
    const form = (await browserReadTool().call({}, ctx)).content
    const area = /\[(\d+)\] textbox "What’s on your mind\?"/.exec(form)![1]
    await browserTypeTool().call({ element_id: Number(area), text: 'SKU: B005IR33MM\nPrice: $12.99' }, ctx)
    expect(await score(record, 'FINAL ANSWER: done', env)).toMatchObject({ isCorrect: true, score: 1 })
  })

  test('fuzzy_match goes to the judge with WebArena’s prompt; "partially correct" is wrong; no judge: unscored', async () => {
    const { record, env } = await browse(20005)
    const before = api.requests.length
    expect(await score(record, 'FINAL ANSWER: the green teapot', env)).toMatchObject({ isCorrect: true, metadata: { judge_usage: { calls: 1 } } })
    const asked = (api.requests.slice(before).find((r) => r.path === '/v1/chat/completions')!.body!.messages as { content: string }[])[1].content
    expect(asked).toContain('question: Which product of the store has no reviews yet?\nreference answer: Green Teapot\n')
    expect(asked).toContain('student answer: the green teapot\nConclude the judgement by correct/incorrect/partially correct and explain why.')
    verdict = 'Partially correct.'
    expect(await score(record, 'FINAL ANSWER: a teapot', env)).toMatchObject({ isCorrect: false })
    verdict = 'I cannot tell.'
    expect(await score(record, 'FINAL ANSWER: a teapot', env)).toMatchObject({ isCorrect: null, reason: 'judge_unparsed' })
    const none = await createJudge({ model: 'judge-model', engine: 'openai-compatible', baseUrl: 'http://127.0.0.1:9/v1', temperature: 0, maxTokens: 64, maxWorkers: 1 }, { maxRetries: 0 })
    expect(await scoreChore(record, 'FINAL ANSWER: x', { judge: none, seed: 1, environment: env })).toMatchObject({ isCorrect: null, reason: 'judge_error' })
  })
})
