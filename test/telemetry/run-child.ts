// Spawns telemetry-child.ts under vite-node with a given environment (LD_LIBRARY_PATH must be set before
// the process starts for dlopen to honour it) and returns the JSON it printed.
import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const here = dirname(fileURLToPath(import.meta.url))
const viteNode = join(dirname(createRequire(import.meta.url).resolve('vite-node/package.json')), 'dist', 'cli.mjs')

export async function runChild<T = any>(scenario: string, env: Record<string, string>, opts: object = {}): Promise<T> {
  const { stdout } = await promisify(execFile)(process.execPath, [viteNode, join(here, 'child', 'telemetry-child.ts'), scenario, JSON.stringify(opts)], {
    env: { ...process.env, ...env },
    cwd: join(here, '..', '..'),
    timeout: 30_000,
  })
  const last = stdout.trim().split('\n').at(-1) ?? ''
  return JSON.parse(last) as T
}
