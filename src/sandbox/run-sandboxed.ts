// Run one command on model-written code, contained (README.md has the table, reference/sandbox-notes.md
// the recipes): a child per call, in a fresh work dir; as root under a uid leased machine-wide, in its own
// network, IPC, PID and mount namespaces (private /tmp and /proc, the work dir a capped tmpfs); rlimits on
// processes, address space, file size and CPU; SIGKILLed with everything it started on timeout, output flood
// or abort; an explicit environment (never the harness's: no API keys, no HF token); output read up to a cap,
// known secret values redacted from it.
//
//   runSandboxed(options: SandboxOptions): Promise<SandboxResult>
//
// Throws JarvisError only for bad options or a machine that cannot sandbox at all; everything the code
// does (crash, hang, flood) is reported in the result.
import { spawn } from 'node:child_process'
import { constants } from 'node:os'
import type { Readable } from 'node:stream'
import { performance } from 'node:perf_hooks'
import { JarvisError } from '../core/errors.ts'
import { secretValues } from '../core/redact.ts'
import { buildChain } from './chain.ts'
import { trackSandbox, type LiveSandbox } from './live-sandboxes.ts'
import { countTasks, killGroup, killUid } from './processes.ts'
import { SANDBOX_ENV, sandboxEnvironment, type SandboxEnvironment } from './probe.ts'
import type { SandboxOptions, SandboxResult } from './types.ts'
import { createWorkDir, filesBytes, removeWorkDir } from './work-dir.ts'
import { CappedText } from './capped-text.ts'

let warned = false
const OOM = /\bMemoryError\b|Cannot allocate memory|std::bad_alloc|out of memory/i
const MiB = 1024 ** 2

function check(o: SandboxOptions): void {
  const bad = (what: string) => {
    throw new JarvisError('JARVIS_BAD_OPTION', `runSandboxed: ${what}.`)
  }
  if (o.network !== false) bad('network must be false (sandboxed code never gets a network)')
  if (!Array.isArray(o.command) || o.command.length === 0) bad('command must be a non-empty argv array')
  for (const [k, v] of [['timeoutMs', o.timeoutMs], ['memoryBytes', o.memoryBytes], ['maxOutputBytes', o.maxOutputBytes], ['maxProcesses', o.maxProcesses]] as const) {
    if (!Number.isFinite(v) || v <= 0) bad(`${k} must be a positive number (got ${v})`)
  }
  if (o.maxDirBytes !== undefined && !(Number.isFinite(o.maxDirBytes) && o.maxDirBytes > 0)) bad(`maxDirBytes must be a positive number (got ${o.maxDirBytes})`)
}

/** A program that found a key somewhere (a world-readable file, say) cannot carry it into the results. */
function redactKnown(text: string): string {
  let out = text
  for (const v of secretValues()) out = out.split(v).join('[REDACTED]')
  return out
}

export async function runSandboxed(options: SandboxOptions): Promise<SandboxResult> {
  check(options)
  const env = await sandboxEnvironment()
  if (!warned && env.warnings.length) {
    warned = true
    for (const w of env.warnings) console.warn(`jarvis sandbox: ${w}`)
  }
  let command = options.command
  if (command[0] === 'python3') {
    if (!env.python) throw new JarvisError('JARVIS_UNSUPPORTED', 'The code sandbox found no python3 that an unprivileged user can run. Install python3 system-wide or set JARVIS_SANDBOX_PYTHON.')
    command = [env.python, ...command.slice(1)]
  }
  const entry: LiveSandbox = {}
  const untrack = trackSandbox(entry)
  const uid = env.pool ? await env.pool.acquire(options.signal).catch(() => undefined) : undefined
  if (env.pool && uid === undefined) {
    untrack()
    return aborted(env)
  }
  entry.uid = uid
  let dir: string | undefined
  try {
    dir = entry.dir = await createWorkDir(options.files, uid)
    const fileBytes = Math.floor(options.maxFileBytes ?? options.maxOutputBytes)
    // RLIMIT_NPROC counts every task of the uid. As root that is this sandbox plus zombies of earlier ones still
    // waiting to be reaped (they run nothing); not root, every task of the harness user.
    const nproc = env.root ? options.maxProcesses + countTasks(uid!) : countTasks(process.getuid?.() ?? 0) + options.maxProcesses
    const limits = { nproc, asBytes: Math.floor(options.memoryBytes), fsizeBytes: fileBytes, cpuSeconds: Math.ceil(options.timeoutMs / 1000) + 1 }
    const workDirBytes = (options.maxDirBytes ?? Math.max(64 * MiB, 4 * fileBytes)) + filesBytes(options.files)
    const argv = buildChain({ root: env.root, uid, netns: env.netns, privateTmp: env.privateTmp, pidns: env.pidns, ipcns: env.ipcns, workDir: dir, workDirBytes, limits }, command)
    // On exit, also empty the uid: without a PID namespace a setsid() grandchild may still hold the pipes open.
    const result = await execute(argv, dir, options, entry, uid === undefined ? () => {} : () => void killUid(uid))
    // The init shell (chain.ts) reports a command killed by signal N as exit 128 + N, as shells do.
    if (env.root && env.privateTmp && result.signal === null) Object.assign(result, fromShellStatus(result.exitCode))
    if (result.signal === 'SIGXCPU') result.timedOut = true
    return {
      ...result,
      stdout: redactKnown(result.stdout),
      stderr: redactKnown(result.stderr),
      ...(result.result !== undefined ? { result: redactKnown(result.result) } : {}),
      isolation: isolation(env, uid),
    }
  } finally {
    if (uid !== undefined) await killUid(uid)
    if (dir) await removeWorkDir(dir)
    untrack()
    if (uid !== undefined) env.pool!.release(uid)
  }
}

const isolation = (env: SandboxEnvironment, uid: number | undefined) => ({
  uid: uid ?? process.getuid?.() ?? -1,
  network: env.netns ? ('none' as const) : ('host' as const),
  privateTmp: env.privateTmp,
  pidNamespace: env.privateTmp && env.pidns,
  ipcNamespace: env.ipcns,
})

function fromShellStatus(code: number | null): { exitCode: number | null; signal: NodeJS.Signals | null } {
  const name = code !== null && code > 128 ? Object.entries(constants.signals).find(([, n]) => n === code - 128)?.[0] : undefined
  return name ? { exitCode: null, signal: name as NodeJS.Signals } : { exitCode: code, signal: null }
}

/** Aborted while waiting for a uid: nothing ran. */
function aborted(env: SandboxEnvironment): SandboxResult {
  return { exitCode: null, signal: 'SIGKILL', stdout: '', stderr: '', timedOut: false, outputTruncated: false, oom: false, durationMs: 0, isolation: isolation(env, undefined) }
}

function execute(argv: string[], dir: string, o: SandboxOptions, entry: LiveSandbox, sweep: () => void): Promise<Omit<SandboxResult, 'isolation'>> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(argv[0], argv.slice(1), {
      cwd: dir,
      env: { ...SANDBOX_ENV, HOME: dir, TMPDIR: dir, PYTHONDONTWRITEBYTECODE: '1', PYTHONIOENCODING: 'utf-8' },
      detached: true, // own process group: kill(-pid) reaches grandchildren
      stdio: o.resultChannel ? ['pipe', 'pipe', 'pipe', 'pipe'] : ['pipe', 'pipe', 'pipe'],
    })
    entry.pid = child.pid
    const stdout = new CappedText(o.maxOutputBytes)
    const stderr = new CappedText(o.maxOutputBytes)
    const results = o.resultChannel ? new CappedText(o.maxOutputBytes) : null
    const resultPipe = o.resultChannel ? (child.stdio[3] as Readable) : null
    let timedOut = false
    let exited = false
    const stop = () => child.pid !== undefined && killGroup(child.pid)
    const timer = setTimeout(() => {
      timedOut = true
      stop()
    }, o.timeoutMs)
    const onAbort = () => stop()
    if (o.signal?.aborted) stop()
    o.signal?.addEventListener('abort', onAbort, { once: true })
    const onData = (sink: CappedText) => (chunk: Buffer) => {
      if (!sink.push(chunk)) stop()
    }
    child.stdout!.on('data', onData(stdout))
    child.stderr!.on('data', onData(stderr))
    if (resultPipe && results) resultPipe.on('data', onData(results))
    child.stdin!.on('error', () => {}) // EPIPE: the code did not read its input
    child.stdin!.end(o.stdin ?? '')
    child.on('error', (e) => {
      clearTimeout(timer)
      reject(new JarvisError('JARVIS_UNSUPPORTED', `The code sandbox could not start ${argv[0]}: ${e.message}. Install util-linux (prlimit, setpriv, unshare).`))
    })
    child.on('exit', () => {
      exited = true
      stop() // grandchildren that outlived the leader
      sweep()
      // Without a leased uid nothing can reach a setsid() child holding the pipes: stop waiting for it.
      setTimeout(() => {
        child.stdout!.destroy()
        child.stderr!.destroy()
        resultPipe?.destroy()
      }, 2000).unref()
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      o.signal?.removeEventListener('abort', onAbort)
      if (!exited) stop()
      const err = stderr.text()
      resolve({
        exitCode: code,
        signal,
        stdout: stdout.text(),
        stderr: err,
        ...(results ? { result: results.text() } : {}),
        timedOut,
        outputTruncated: stdout.truncated || stderr.truncated || (results?.truncated ?? false),
        oom: OOM.test(err),
        durationMs: performance.now() - started,
      })
    })
  })
}
