// What containment this machine allows, found once per process by trying it (cheapest truth: namespaces
// and uid changes are refused in some containers and CI runners, and the answer cannot be read off a file).
//
//   sandboxEnvironment(): Promise<SandboxEnvironment>   (cached)
//
// As root: a leased uid + `unshare --net --ipc --pid --mount` with a private /tmp and /proc; falls back to
// fewer namespaces, then to the uid drop alone. Not root: `unshare --map-root-user --net` if user namespaces work, else prlimit
// alone (same uid as the harness: files are not protected; documented in the warning).
import { spawn, spawnSync } from 'node:child_process'
import { JarvisError } from '../core/errors.ts'
import { buildChain, type ChainPlan } from './chain.ts'
import { killUid } from './processes.ts'
import { createWorkDir, removeWorkDir, sweepStaleWorkDirs } from './work-dir.ts'
import { uidPoolFromEnv, type UidPool } from './uid-pool.ts'

export interface SandboxEnvironment {
  root: boolean
  netns: boolean
  privateTmp: boolean
  pidns: boolean
  ipcns: boolean
  /** Absolute path of a python3 the sandbox uid can execute, or null when there is none. */
  python: string | null
  pool: UidPool | null
  /** What is weaker than the full sandbox here, one line each. */
  warnings: string[]
}

export const SANDBOX_ENV = { PATH: '/usr/local/bin:/usr/bin:/bin', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' }

const PROBE_LIMITS = { nproc: 64, asBytes: 1024 ** 3, fsizeBytes: 1 << 20, cpuSeconds: 10 }

/** Run argv with a bare environment; resolves to its exit code (null: killed or failed to start). */
function runQuiet(argv: string[], cwd: string): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(argv[0], argv.slice(1), { cwd, env: { ...SANDBOX_ENV, HOME: cwd }, stdio: 'ignore', timeout: 10_000, killSignal: 'SIGKILL' })
    child.on('error', () => resolve(null))
    child.on('close', (code) => resolve(code))
  })
}

async function works(plan: Omit<ChainPlan, 'workDir' | 'limits'>, command: string[]): Promise<boolean> {
  const dir = await createWorkDir({}, plan.uid)
  try {
    return (await runQuiet(buildChain({ ...plan, workDir: dir, limits: PROBE_LIMITS }, command), dir)) === 0
  } finally {
    await removeWorkDir(dir)
  }
}

function pythonCandidates(): string[] {
  const fromPath = spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8', timeout: 10_000 })
  const real = fromPath.status === 0 ? fromPath.stdout.trim() : ''
  return [...new Set([process.env.JARVIS_SANDBOX_PYTHON ?? '', real, '/usr/bin/python3', '/usr/local/bin/python3'].filter(Boolean))]
}

type Layers = { netns: boolean; privateTmp: boolean; pidns: boolean; ipcns: boolean }
const ROOT_TRIES: Layers[] = [
  { netns: true, privateTmp: true, pidns: true, ipcns: true },
  { netns: true, privateTmp: true, pidns: false, ipcns: true },
  { netns: true, privateTmp: true, pidns: false, ipcns: false },
  { netns: true, privateTmp: false, pidns: false, ipcns: false },
  { netns: false, privateTmp: false, pidns: false, ipcns: false },
]
const USER_TRIES: Layers[] = [
  { netns: true, privateTmp: false, pidns: false, ipcns: false },
  { netns: false, privateTmp: false, pidns: false, ipcns: false },
]

async function probe(): Promise<SandboxEnvironment> {
  const root = process.getuid?.() === 0
  const warnings: string[] = []
  sweepStaleWorkDirs() // left by a harness process that was killed before its cleanup ran
  const pool = root ? uidPoolFromEnv(process.env, { prepare: (u) => killUid(u) }) : null
  const uid = pool ? await pool.acquire() : undefined
  try {
    const tries = root ? ROOT_TRIES : USER_TRIES
    let chosen: Layers | undefined
    for (const t of tries) {
      if (await works({ root, uid, ...t }, ['true'])) {
        chosen = t
        break
      }
    }
    if (!chosen) {
      throw new JarvisError('JARVIS_UNSUPPORTED', `The code sandbox cannot start here: it needs util-linux's prlimit${root ? ' and setpriv' : ''} on PATH. Install util-linux, or skip the benchmarks that run model code.`)
    }
    if (!root) warnings.push('not running as root: sandboxed code runs as the harness user (limits still apply via prlimit); run as root for a separate uid.')
    if (!chosen.netns) warnings.push('network namespaces are refused here: sandboxed code can reach the network.')
    if (root && !chosen.privateTmp) warnings.push('mount namespaces are refused here: sandboxed code can write to /tmp, /var/tmp and /dev/shm, and its work dir has only a per-file cap.')
    if (root && chosen.privateTmp && !chosen.pidns) warnings.push('PID namespaces are refused here: sandboxed code can list host processes in /proc.')
    if (root && !chosen.ipcns) warnings.push('IPC namespaces are refused here: System V shared memory can outlive a sandbox.')
    let python: string | null = null
    for (const cand of pythonCandidates()) {
      if (await works({ root, uid, ...chosen }, [cand, '-c', 'import sys; assert sys.version_info >= (3, 8)'])) {
        python = cand
        break
      }
    }
    return { root, ...chosen, python, pool, warnings }
  } finally {
    if (pool && uid !== undefined) pool.release(uid)
  }
}

let cached: Promise<SandboxEnvironment> | undefined

export function sandboxEnvironment(): Promise<SandboxEnvironment> {
  cached ??= probe()
  cached.catch(() => {
    cached = undefined
  })
  return cached
}
