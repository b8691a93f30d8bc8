// Where Chromium is: JARVIS_CHROMIUM, else the distribution's binary, else Playwright's own download. The
// browser environment launches it through playwright-core; the requirement probe runs it once.
import { accessSync, constants, readdirSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'

const SYSTEM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable']

const executable = (p: string) => {
  try {
    accessSync(p, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** Playwright's cache (`npx playwright install chromium`): ~/.cache/ms-playwright/chromium-<rev>/chrome-linux/chrome. */
function playwrightCache(env: NodeJS.ProcessEnv): string | null {
  const root = env.PLAYWRIGHT_BROWSERS_PATH || join(env.HOME || homedir(), '.cache', 'ms-playwright')
  try {
    for (const d of readdirSync(root).filter((d) => d.startsWith('chromium-')).sort().reverse()) {
      for (const rel of ['chrome-linux/chrome', 'chrome-linux64/chrome']) if (executable(join(root, d, rel))) return join(root, d, rel)
    }
  } catch {}
  return null
}

export type ChromiumLookup = { path: string; from: string } | { path: null; looked: string }

export function findChromium(env: NodeJS.ProcessEnv = process.env): ChromiumLookup {
  const given = env.JARVIS_CHROMIUM?.trim()
  if (given) return executable(given) ? { path: given, from: 'JARVIS_CHROMIUM' } : { path: null, looked: `JARVIS_CHROMIUM=${given} (not an executable)` }
  const system = SYSTEM.find(executable)
  if (system) return { path: system, from: 'system' }
  const cached = playwrightCache(env)
  if (cached) return { path: cached, from: 'Playwright cache' }
  return { path: null, looked: `${SYSTEM[0]} (nor ${SYSTEM.slice(1).join(', ')}, nor Playwright's cache)` }
}

export const CHROMIUM_INSTALL = 'apt-get install chromium, or set JARVIS_CHROMIUM to a Chromium or Chrome binary.'
