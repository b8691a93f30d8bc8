// Process helpers for benchmarks: start the shared fake server, run a command while sampling the RSS of its
// whole process tree (every 100 ms, from /proc), read the server's /stats.
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync, existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { resolve } from 'node:path'

export const REPO = resolve(fileURLToPath(new URL('../..', import.meta.url)))
// The shared kit beside the checkout (/work/main → /work/shared) or beside a worktree's parent (/work/wt/x).
export const SHARED_BENCH = process.env.JARVIS_SHARED_BENCH ?? [resolve(REPO, '../shared/bench'), resolve(REPO, '../../shared/bench')].find((d) => existsSync(resolve(d, 'fake-openai-server.mjs'))) ?? resolve(REPO, '../shared/bench')

export function assertSharedBench() {
  if (!existsSync(resolve(SHARED_BENCH, 'fake-openai-server.mjs'))) {
    console.error(`bench: ${SHARED_BENCH}/fake-openai-server.mjs not found; set JARVIS_SHARED_BENCH to the shared bench folder.`)
    process.exit(2)
  }
}

export function startServer(args) {
  return startListening([resolve(SHARED_BENCH, 'fake-openai-server.mjs'), ...args], { stdio: ['ignore', 'pipe', 'ignore'] }, 'fake server')
}

/** Starts a node script that prints "listening <url>"; resolves with that URL and a stop(). */
export async function startListening(args, options, name) {
  const child = spawn(process.execPath, args, options)
  const url = await new Promise((res, rej) => {
    let buf = ''
    child.stdout.on('data', (d) => {
      buf += d
      const m = /listening (http:\/\/\S+)/.exec(buf)
      if (m) res(m[1])
    })
    child.on('exit', () => rej(new Error(`${name} exited`)))
  })
  return { url, stop: () => child.kill('SIGTERM') }
}

export async function resetStats(url) {
  const r = await fetch(`${url}/stats/reset`, { method: 'POST' })
  return r.json()
}

function children() {
  const map = new Map()
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${d}/status`, 'utf8'))?.[1] ?? 0)
      map.set(Number(d), { ppid, rss })
    } catch {}
  }
  return map
}

export function treeRssKb(root) {
  const procs = children()
  let total = 0
  const stack = [root]
  const seen = new Set()
  while (stack.length) {
    const p = stack.pop()
    if (seen.has(p)) continue
    seen.add(p)
    total += procs.get(p)?.rss ?? 0
    for (const [pid, info] of procs) if (info.ppid === p) stack.push(pid)
  }
  return total
}

/** Runs a command to completion; returns its exit code, stdout, wall seconds and the tree's peak RSS (MB). */
export function measure(cmd, args, { env = {}, cwd = REPO } = {}) {
  return new Promise((res) => {
    const t0 = performance.now()
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    let peak = 0
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    const timer = setInterval(() => (peak = Math.max(peak, treeRssKb(child.pid))), 100)
    child.on('close', (code) => {
      clearInterval(timer)
      res({ code, stdout, stderr, wallS: (performance.now() - t0) / 1000, peakRssMb: peak / 1024 })
    })
  })
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN
}
