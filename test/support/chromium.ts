// Headless Chromium screenshots of pages the harness writes, and a static server for the ones that must be
// served (the Vitest html report fetches its data). Nothing leaves 127.0.0.1 (vitest-hub-lab.md §5).
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'

export const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => existsSync(p))

/**
 * Renders `url` at width × height to `png`; virtualTimeMs lets a page's scripts run (and fetch) first. Async: a
 * page served from this process (serveDir) needs its event loop while Chromium loads it.
 */
export async function screenshot(url: string, png: string, o: { width?: number; height?: number; virtualTimeMs?: number } = {}): Promise<{ ok: boolean; stderr: string }> {
  if (!CHROMIUM) throw new Error('no chromium')
  rmSync(png, { force: true })
  const profile = mkdtempSync(join(tmpdir(), 'jarvis-chromium-'))
  const args = [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--no-default-browser-check', '--disable-domain-reliability', '--no-pings', '--dns-prefetch-disable',
    '--proxy-server=http://127.0.0.1:9', '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1', `--user-data-dir=${profile}`,
    `--window-size=${o.width ?? 1200},${o.height ?? 2400}`, '--hide-scrollbars', ...(o.virtualTimeMs ? [`--virtual-time-budget=${o.virtualTimeMs}`] : []), `--screenshot=${png}`, url,
  ]
  let stderr = ''
  await new Promise<void>((done) => {
    const child = spawn(CHROMIUM!, args, { stdio: ['ignore', 'ignore', 'pipe'] })
    child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-800)))
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000)
    child.on('close', () => (clearTimeout(timer), done()))
    child.on('error', () => (clearTimeout(timer), done()))
  })
  rmSync(profile, { recursive: true, force: true })
  return { ok: existsSync(png), stderr }
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon' }

/** Serves `root` on 127.0.0.1 (what `vite preview` does for the Vitest html report). */
export async function serveDir(root: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const rel = normalize(decodeURIComponent((req.url ?? '/').split('?')[0])).replace(/^(\.\.[/\\])+/, '')
    let path = join(root, rel)
    if (existsSync(path) && statSync(path).isDirectory()) path = join(path, 'index.html')
    if (!existsSync(path)) {
      res.writeHead(404)
      return res.end()
    }
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' })
    res.end(readFileSync(path))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(() => r())) }
}
