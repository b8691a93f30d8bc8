// Browser tools for the sample's `browser` environment (a headless Chromium page): navigate, click, type, read.
// Every tool answers with the page as the model sees it: its URL, title, and a text outline where each
// interactive element carries a number, `[12] link "Reviews" -> /product/2/reviews`. The numbers are written into
// the page (data-jarvis-id) and stay put across reads, so click and type find exactly what the model read.
// (WebChoreArena's OpenJarvis env clicked `[data-webarena-id=N]`, which nothing ever assigned.)
import type { Page } from 'playwright-core'
import type { Tool, ToolContext, ToolResult } from '../core/tool.ts'
import { isBrowserEnvironment, type BrowserEnvironment } from '../environments/browser.ts'
import { OUTLINE_SCRIPT } from './browser-outline.ts'

/** What goes back to the model of one page at most. */
export const OBSERVATION_CHARS = 20_000

export async function observe(page: Page): Promise<string> {
  const body = await page.evaluate(OUTLINE_SCRIPT).catch((e: Error) => `(the page could not be read: ${e.message})`)
  const page_ = `URL: ${page.url()}\nTitle: ${await page.title().catch(() => '')}\n\n${body}`
  return page_.length <= OBSERVATION_CHARS ? page_ : `${page_.slice(0, OBSERVATION_CHARS)}\n… [page cut: ${page_.length - OBSERVATION_CHARS} more characters]`
}

const noBrowser: ToolResult = { content: "No browser: the browser tools work only in a sample's browser environment.", isError: true }

/** Navigations a click or Enter may start: wait for the new page, but not for ever (a click that stays is fine). */
async function settle(env: BrowserEnvironment): Promise<void> {
  await env.page.waitForLoadState('domcontentloaded', { timeout: Math.min(env.navigationTimeoutMs, 10_000) }).catch(() => {})
}

const element = (env: BrowserEnvironment, id: unknown) => env.page.locator(`[data-jarvis-id="${Number(id)}"]`)

function browserTool(name: string, description: string, properties: Record<string, unknown>, required: string[], act: (env: BrowserEnvironment, args: Record<string, unknown>) => Promise<string | null>): Tool {
  return {
    spec: { name, description, parameters: { type: 'object', properties, required } },
    async call(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
      const env = ctx.environment
      if (!isBrowserEnvironment(env)) return noBrowser
      try {
        const problem = await act(env, args)
        if (problem) return { content: problem, isError: true }
        return { content: await observe(env.page) }
      } catch (e) {
        // An error page may still be loading: let it settle, so the model reads where it is.
        await settle(env)
        return { content: `${name} failed: ${(e as Error).message.split('\n')[0]}\n\n${await observe(env.page)}`, isError: true }
      }
    },
  }
}

const ID = { type: 'integer', description: 'The number of the element, as shown in brackets in the page outline.' }

export const browserNavigateTool = (): Tool =>
  browserTool('browser_navigate', 'Open a URL in the browser and return the page outline.', { url: { type: 'string', description: 'The absolute URL to open.' } }, ['url'], async (env, a) => {
    if (typeof a.url !== 'string' || !/^https?:\/\//.test(a.url)) return 'Give an absolute http(s) URL.'
    await env.page.goto(a.url, { waitUntil: 'domcontentloaded', timeout: env.navigationTimeoutMs })
    return null
  })

export const browserClickTool = (): Tool =>
  browserTool('browser_click', 'Click an element of the page (a link, a button, a checkbox …) by its number, and return the page after.', { element_id: ID }, ['element_id'], async (env, a) => {
    const el = element(env, a.element_id)
    if ((await el.count()) === 0) return `There is no element [${String(a.element_id)}] on this page; read the page to see the numbers.`
    await el.first().click({ timeout: 10_000 })
    await settle(env)
    return null
  })

export const browserTypeTool = (): Tool =>
  browserTool(
    'browser_type',
    'Type text into a text box of the page by its number (replacing what is there); press_enter submits it. Returns the page after.',
    { element_id: ID, text: { type: 'string', description: 'The text to type.' }, press_enter: { type: 'boolean', description: 'Press Enter after typing (default false).' } },
    ['element_id', 'text'],
    async (env, a) => {
      const el = element(env, a.element_id)
      if ((await el.count()) === 0) return `There is no element [${String(a.element_id)}] on this page; read the page to see the numbers.`
      await el.first().fill(String(a.text ?? ''), { timeout: 10_000 })
      if (a.press_enter === true) {
        await el.first().press('Enter')
        await settle(env)
      }
      return null
    },
  )

export const browserReadTool = (): Tool => browserTool('browser_read', 'Return the current page: its URL, title and outline with the numbered elements.', {}, [], async () => null)
