// One external-agent process per sample: argv (never a shell), the prompt on stdin, a deadline and the sample's
// abort signal. The process gets its own group so the commands its tools start die with it: SIGTERM first (the
// agent may still write its result), SIGKILL after a grace period, and a kill of every group left when we exit.
import { spawn } from 'node:child_process'

export interface AgentProcessOptions {
  command: string
  args: string[]
  /** The whole environment of the child (nothing is inherited). */
  env: Record<string, string>
  cwd: string
  stdin?: string
  /** Wall-clock limit; null = none (the signal still applies). */
  timeoutMs: number | null
  signal?: AbortSignal
  /** SIGTERM → SIGKILL (default 10 s). */
  graceMs?: number
  /** stdout kept up to this many bytes (default 32 MiB); stderr keeps its last 64 KiB. */
  maxStdoutBytes?: number
}

export interface AgentProcessResult {
  exitCode: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stdoutTruncated: boolean
  /** The end of stderr (diagnostics), for error lines. */
  stderrTail: string
  /** Our deadline fired. */
  timedOut: boolean
  /** The sample's signal fired (its reason says whether it was a timeout). */
  aborted: boolean
  wallSeconds: number
  /** The program could not be started at all (ENOENT, EACCES). */
  spawnError: string | null
}

const STDERR_TAIL = 64 * 1024
const live = new Set<number>()
let exitHook = false

function killGroup(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(-pid, sig)
  } catch {}
}

export function runAgentProcess(o: AgentProcessOptions): Promise<AgentProcessResult> {
  if (!exitHook) {
    exitHook = true
    process.once('exit', () => live.forEach((pid) => killGroup(pid, 'SIGKILL')))
  }
  const maxOut = o.maxStdoutBytes ?? 32 * 1024 * 1024
  const t0 = performance.now()
  return new Promise((resolve) => {
    let stdout = ''
    let outBytes = 0
    let truncated = false
    let stderr = ''
    let timedOut = false
    let aborted = false
    let spawnError: string | null = null
    let killTimer: NodeJS.Timeout | undefined
    const child = spawn(o.command, o.args, { cwd: o.cwd, env: o.env, stdio: ['pipe', 'pipe', 'pipe'], detached: true })
    const pid = child.pid
    if (pid) live.add(pid)
    const stop = () => {
      if (!pid || killTimer) return
      killGroup(pid, 'SIGTERM')
      killTimer = setTimeout(() => killGroup(pid, 'SIGKILL'), o.graceMs ?? 10_000)
    }
    const deadline = o.timeoutMs === null ? undefined : setTimeout(() => ((timedOut = true), stop()), o.timeoutMs)
    const onAbort = () => ((aborted = true), stop())
    if (o.signal?.aborted) onAbort()
    else o.signal?.addEventListener('abort', onAbort, { once: true })
    child.stdout.on('data', (d: Buffer) => {
      if (outBytes >= maxOut) return void (truncated = true)
      outBytes += d.length
      stdout += d.toString('utf8')
    })
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString('utf8')
      if (stderr.length > 2 * STDERR_TAIL) stderr = stderr.slice(-STDERR_TAIL)
    })
    // A child that exits without reading its stdin must not crash us with EPIPE.
    child.stdin.on('error', () => {})
    child.stdin.end(o.stdin ?? '')
    child.on('error', (e: NodeJS.ErrnoException) => (spawnError = `${o.command}: ${e.code ?? e.message}`))
    child.on('close', (code, sig) => {
      clearTimeout(deadline)
      clearTimeout(killTimer)
      o.signal?.removeEventListener('abort', onAbort)
      if (pid) {
        // Whatever its tools left running in the group goes with it.
        killGroup(pid, 'SIGKILL')
        live.delete(pid)
      }
      resolve({ exitCode: code, signal: sig, stdout, stdoutTruncated: truncated, stderrTail: stderr.slice(-STDERR_TAIL), timedOut, aborted, wallSeconds: (performance.now() - t0) / 1000, spawnError })
    })
  })
}

/** The last lines of stderr for an error message (OpenJarvis keeps 500 characters). */
export const stderrGist = (s: string, max = 500): string => {
  const t = s.trim()
  return t.length <= max ? t : `…${t.slice(-max)}`
}
