// `browser`: a headless Chromium per sample, driven through playwright-core (no browser download: the system's
// Chromium, JARVIS_CHROMIUM, or Playwright's cache), with one page open at the task's start URL and, when the
// task logs in, its storage state (cookies) loaded. Closed when the sample ends, whatever happened: the
// connection, then the browser server, and if that hangs the process is killed — no Chromium outlives a test.
//
// Spec: { kind: 'browser', startUrl, storageState?, viewport?, navigationTimeoutMs? }
// JARVIS_BROWSER_LOOPBACK_ONLY=1 keeps the browser on 127.0.0.1 (every other host fails to resolve; the tests
// set it). JARVIS_BROWSER_TAG=<tag> adds a harmless `--jarvis-tag=<tag>` switch, so a test can find its processes.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserServer, Page } from 'playwright-core'
import type { Environment, EnvironmentSpec } from '../core/environment.ts'
import { JarvisError } from '../core/errors.ts'
import { CHROMIUM_INSTALL, findChromium } from '../requirements/chromium.ts'

export interface BrowserEnvironmentSpec extends EnvironmentSpec {
  kind: 'browser'
  startUrl: string
  /** A Playwright storage-state file (cookies, local storage) to start logged in. */
  storageState?: string | null
  viewport?: { width: number; height: number }
  navigationTimeoutMs?: number
}

export interface BrowserEnvironment extends Environment {
  readonly kind: 'browser'
  readonly page: Page
  /** How long a navigation may take (tools and scorers use it too). */
  readonly navigationTimeoutMs: number
}

export const isBrowserEnvironment = (e: Environment | null | undefined): e is BrowserEnvironment => e?.kind === 'browser' && 'page' in e

const QUIET = ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-domain-reliability', '--no-pings', '--no-first-run', '--no-default-browser-check', '--disable-dev-shm-usage', '--disable-gpu']
const LOOPBACK_ONLY = ['--proxy-server=http://127.0.0.1:9', '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1']
const CLOSE_GRACE_MS = 5_000

export function chromiumArgs(env: NodeJS.ProcessEnv = process.env): string[] {
  return [...QUIET, ...(env.JARVIS_BROWSER_LOOPBACK_ONLY === '1' ? LOOPBACK_ONLY : []), ...(env.JARVIS_BROWSER_TAG ? [`--jarvis-tag=${env.JARVIS_BROWSER_TAG}`] : [])]
}

export async function openBrowserEnvironment(raw: EnvironmentSpec, o: { signal?: AbortSignal } = {}): Promise<Environment> {
  const spec = raw as BrowserEnvironmentSpec
  if (typeof spec.startUrl !== 'string' || !spec.startUrl) throw new JarvisError('JARVIS_DATASET', 'browser environment: the spec names no start URL.')
  const found = findChromium()
  if (found.path === null) throw new JarvisError('JARVIS_REQUIREMENT', `no Chromium at ${found.looked}. ${CHROMIUM_INSTALL}`)
  const { chromium } = await import('playwright-core')
  const workDir = mkdtempSync(join(tmpdir(), 'jarvis-browser-'))
  let server: BrowserServer | null = null
  let browser: Browser | null = null
  let closed = false
  const close = async () => {
    if (closed) return
    closed = true
    try {
      await withTimeout(browser?.close(), CLOSE_GRACE_MS)
      await withTimeout(server?.close(), CLOSE_GRACE_MS)
    } catch {}
    // Whatever the graceful path did, the process is gone after this (kill is a no-op on an exited one).
    await server?.kill().catch(() => {})
    rmSync(workDir, { recursive: true, force: true })
  }
  try {
    server = await chromium.launchServer({ executablePath: found.path, headless: true, chromiumSandbox: false, args: chromiumArgs(), host: '127.0.0.1' })
    browser = await chromium.connect(server.wsEndpoint())
    const context = await browser.newContext({ viewport: spec.viewport ?? { width: 1280, height: 800 }, ...(spec.storageState ? { storageState: spec.storageState } : {}) })
    const page = await context.newPage()
    const timeout = spec.navigationTimeoutMs ?? 30_000
    page.setDefaultTimeout(timeout)
    o.signal?.throwIfAborted()
    await page.goto(spec.startUrl, { waitUntil: 'domcontentloaded', timeout })
    const env: BrowserEnvironment = { kind: 'browser', workDir, page, navigationTimeoutMs: timeout, close }
    return env
  } catch (e) {
    await close()
    throw e
  }
}

async function withTimeout(p: Promise<unknown> | undefined, ms: number): Promise<void> {
  if (!p) return
  let t: NodeJS.Timeout | undefined
  await Promise.race([p, new Promise((_, reject) => (t = setTimeout(() => reject(new Error('timeout')), ms)))]).finally(() => clearTimeout(t))
}
