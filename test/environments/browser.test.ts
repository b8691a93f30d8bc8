import { readdirSync, readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest'
import { openBrowserEnvironment, type BrowserEnvironment } from '../../src/environments/browser.ts'
import { EnvironmentScope } from '../../src/environments/scope.ts'
import { findChromium } from '../../src/requirements/chromium.ts'
import { browserClickTool, browserNavigateTool, browserReadTool, browserTypeTool } from '../../src/tools/browser.ts'
import { deadPort } from '../support/engine-test-kit.ts'
import { startShopSite } from '../support/webarena-site.ts'

// The `browser` environment: a real headless Chromium through playwright-core, its tools, and its teardown —
// whatever happens, no Chromium process outlives it (found by the --jarvis-tag switch JARVIS_BROWSER_TAG adds).

const skip = !findChromium().path && !process.env.CI
const TAG = `browser-test-${process.pid}`
const tagged = () =>
  readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(`--jarvis-tag=${TAG}`)
      } catch {
        return false
      }
    })

describe.skipIf(skip)(`browser environment${skip ? ' (skipped: no Chromium; apt-get install chromium)' : ''}`, () => {
  let site: Awaited<ReturnType<typeof startShopSite>>
  beforeAll(async () => {
    process.env.JARVIS_BROWSER_TAG = TAG
    process.env.JARVIS_BROWSER_LOOPBACK_ONLY = '1'
    site = await startShopSite()
  })
  afterAll(async () => {
    await site?.close()
    delete process.env.JARVIS_BROWSER_TAG
    delete process.env.JARVIS_BROWSER_LOOPBACK_ONLY
  })

  test('opens at the start URL, the tools act on numbered elements, and close leaves no process (twice is fine)', async () => {
    const env = (await openBrowserEnvironment({ kind: 'browser', startUrl: site.url })) as BrowserEnvironment
    onTestFinished(() => env.close())
    expect(tagged().length).toBeGreaterThan(0)
    const ctx = { environment: env }
    const home = (await browserReadTool().call({}, ctx)).content
    expect(home.split('\n').slice(0, 6)).toEqual([`URL: ${site.url}/`, 'Title: Home Page', '', '[1] link "One Stop Market" -> /', '[2] link "Sign In" -> /customer/account/login/', '[3] textbox "Search entire store here..." value=""'])
    // Numbers stay put across reads of the same page.
    expect((await browserReadTool().call({}, ctx)).content).toBe(home)
    const typed = await browserTypeTool().call({ element_id: 3, text: 'red kettle', press_enter: true }, ctx)
    // A new page is a new document: its elements are numbered afresh.
    expect(typed.content).toContain('[5] link "Red Kettle" -> /red-kettle.html')
    const clicked = await browserClickTool().call({ element_id: 5 }, ctx)
    expect(clicked.content).toMatch(/URL: http:\/\/127\.0\.0\.1:\d+\/red-kettle\.html\nTitle: Red Kettle\n[\s\S]*SKU: B01LX8WW2Q\nPrice: \$34\.50/)
    expect(await browserClickTool().call({ element_id: 99 }, ctx)).toEqual({ content: 'There is no element [99] on this page; read the page to see the numbers.', isError: true })
    expect(await browserNavigateTool().call({ url: 'red-kettle.html' }, ctx)).toEqual({ content: 'Give an absolute http(s) URL.', isError: true })
    await env.close()
    await env.close()
    expect(tagged()).toEqual([])
  })

  test('with JARVIS_BROWSER_LOOPBACK_ONLY=1 no other host resolves: the browser never leaves 127.0.0.1', async () => {
    const env = await openBrowserEnvironment({ kind: 'browser', startUrl: site.url })
    try {
      const r = await browserNavigateTool().call({ url: 'http://example.com/' }, { environment: env })
      expect(r.isError).toBe(true)
      expect(r.content).toMatch(/^browser_navigate failed: page\.goto: net::ERR_(PROXY_CONNECTION_FAILED|NAME_NOT_RESOLVED) at http:\/\/example\.com\//)
      expect(site.requests.some((u) => u.includes('example'))).toBe(false)
    } finally {
      await env.close()
    }
    expect(tagged()).toEqual([])
  })

  test('a start page that does not load fails the opening and still leaves no process', async () => {
    const port = await deadPort()
    await expect(openBrowserEnvironment({ kind: 'browser', startUrl: `http://127.0.0.1:${port}/` })).rejects.toThrow(/ERR_CONNECTION_REFUSED/)
    expect(tagged()).toEqual([])
  })

  test('the test-scoped scope closes what a sample opened, even when the sample failed', async () => {
    const scope = new EnvironmentScope()
    await scope.openFor({ kind: 'browser', startUrl: site.url })
    expect(tagged().length).toBeGreaterThan(0)
    await scope.closeAll()
    expect(tagged()).toEqual([])
  })
})

describe('browser environment without a browser', () => {
  test('no Chromium is a requirement error; the tools outside a browser say so', async () => {
    const old = process.env.JARVIS_CHROMIUM
    process.env.JARVIS_CHROMIUM = '/nonexistent/chromium'
    try {
      await expect(openBrowserEnvironment({ kind: 'browser', startUrl: 'http://127.0.0.1:9/' })).rejects.toThrow('no Chromium at JARVIS_CHROMIUM=/nonexistent/chromium (not an executable). apt-get install chromium, or set JARVIS_CHROMIUM to a Chromium or Chrome binary.')
    } finally {
      if (old === undefined) delete process.env.JARVIS_CHROMIUM
      else process.env.JARVIS_CHROMIUM = old
    }
    expect(await browserReadTool().call({}, { environment: null })).toEqual({ content: "No browser: the browser tools work only in a sample's browser environment.", isError: true })
  })
})
