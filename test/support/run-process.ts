import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))

export interface ProcessResult {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs a command to completion (the real CLI, `npx vitest`, …) with a clean environment plus `env`. */
export function runProcess(cmd: string, args: string[], opts: { env?: Record<string, string>; cwd?: string; timeoutMs?: number } = {}): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const base: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LANG: 'C.UTF-8', NO_COLOR: '1' }
    const child = spawn(cmd, args, { cwd: opts.cwd ?? REPO_ROOT, env: { ...base, ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    const t = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 120_000)
    child.on('error', reject)
    child.on('close', (code) => (clearTimeout(t), resolve({ code, stdout, stderr })))
  })
}

/** `node bin/jarvis.mjs …` */
export const runJarvis = (args: string[], env: Record<string, string> = {}, timeoutMs?: number) => runProcess(process.execPath, ['bin/jarvis.mjs', ...args], { env, timeoutMs })
