// Run one command on model-written code, contained (reference/sandbox-notes.md):
//   a child per call, in a fresh temp dir; as root under a pooled unprivileged uid, no network, private
//   /tmp; rlimits on processes, address space, file size and CPU; its own process group, SIGKILLed (and
//   the uid swept) on timeout, output flood or abort; an explicit environment (never the harness's: no
//   API keys, no HF token); stdout/stderr read up to a cap.
//
//   runSandboxed(options: SandboxOptions): Promise<SandboxResult>
//
// Throws JarvisError only for bad options or a machine that cannot sandbox at all; everything the code
// does (crash, hang, flood) is reported in the result.
import { spawn } from 'node:child_process'
import { performance } from 'node:perf_hooks'
import { JarvisError } from '../core/errors.ts'
import { buildChain } from './chain.ts'
import { countTasks, killGroup, sweepUid } from './processes.ts'
import { SANDBOX_ENV, sandboxEnvironment } from './probe.ts'
import type { SandboxOptions, SandboxResult } from './types.ts'
import { createWorkDir, removeWorkDir } from './work-dir.ts'
import { CappedText } from './capped-text.ts'

let warned = false
const OOM = /\bMemoryError\b|Cannot allocate memory|std::bad_alloc|out of memory/i

function check(o: SandboxOptions): void {
  const bad = (what: string) => {
    throw new JarvisError('JARVIS_BAD_OPTION', `runSandboxed: ${what}.`)
  }
  if (o.network !== false) bad('network must be false (sandboxed code never gets a network)')
  if (!Array.isArray(o.command) || o.command.length === 0) bad('command must be a non-empty argv array')
  for (const [k, v] of [['timeoutMs', o.timeoutMs], ['memoryBytes', o.memoryBytes], ['maxOutputBytes', o.maxOutputBytes], ['maxProcesses', o.maxProcesses]] as const) {
    if (!Number.isFinite(v) || v <= 0) bad(`${k} must be a positive number (got ${v})`)
  }
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
  const uid = env.pool ? await env.pool.acquire() : undefined
  let dir: string | undefined
  try {
    if (uid !== undefined) await sweepUid(uid) // leftovers of a crashed harness
    dir = await createWorkDir(options.files, uid)
    // Not root: RLIMIT_NPROC counts every task of the harness user, so the budget sits on top of those.
    const nproc = env.root ? options.maxProcesses : countTasks(process.getuid?.() ?? 0) + options.maxProcesses
    const limits = {
      nproc,
      asBytes: Math.floor(options.memoryBytes),
      fsizeBytes: Math.floor(options.maxFileBytes ?? options.maxOutputBytes),
      cpuSeconds: Math.ceil(options.timeoutMs / 1000) + 1,
    }
    const argv = buildChain({ root: env.root, uid, netns: env.netns, privateTmp: env.privateTmp, workDir: dir, limits }, command)
    // On exit, also sweep the uid: a setsid() grandchild left the group but may still hold the pipes open.
    const result = await execute(argv, dir, options, uid === undefined ? () => {} : () => void sweepUid(uid))
    return { ...result, isolation: { uid: uid ?? process.getuid?.() ?? -1, network: env.netns ? 'none' : 'host', privateTmp: env.privateTmp } }
  } finally {
    if (uid !== undefined) await sweepUid(uid)
    if (dir) await removeWorkDir(dir)
    if (uid !== undefined) env.pool!.release(uid)
  }
}

function execute(argv: string[], dir: string, o: SandboxOptions, sweep: () => void): Promise<Omit<SandboxResult, 'isolation'>> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(argv[0], argv.slice(1), {
      cwd: dir,
      env: { ...SANDBOX_ENV, HOME: dir, TMPDIR: dir, PYTHONDONTWRITEBYTECODE: '1', PYTHONIOENCODING: 'utf-8' },
      detached: true, // own process group: kill(-pid) reaches grandchildren
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    const stdout = new CappedText(o.maxOutputBytes)
    const stderr = new CappedText(o.maxOutputBytes)
    let timedOut = false
    let exited = false
    const stop = () => child.pid !== undefined && killGroup(child.pid)
    const timer = setTimeout(() => {
      timedOut = true
      stop()
    }, o.timeoutMs)
    const onAbort = () => stop()
    o.signal?.addEventListener('abort', onAbort, { once: true })
    const onData = (sink: CappedText) => (chunk: Buffer) => {
      if (!sink.push(chunk)) stop()
    }
    child.stdout.on('data', onData(stdout))
    child.stderr.on('data', onData(stderr))
    child.stdin.on('error', () => {}) // EPIPE: the code did not read its input
    child.stdin.end(o.stdin ?? '')
    child.on('error', (e) => {
      clearTimeout(timer)
      reject(new JarvisError('JARVIS_UNSUPPORTED', `The code sandbox could not start ${argv[0]}: ${e.message}. Install util-linux (prlimit, setpriv, unshare).`))
    })
    child.on('exit', () => {
      exited = true
      stop() // grandchildren that outlived the leader
      sweep()
      // Without a pooled uid nothing can reach a setsid() child holding the pipes: stop waiting for it.
      setTimeout(() => {
        child.stdout.destroy()
        child.stderr.destroy()
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
        timedOut: timedOut || signal === 'SIGXCPU',
        outputTruncated: stdout.truncated || stderr.truncated,
        oom: OOM.test(err),
        durationMs: performance.now() - started,
      })
    })
  })
}
