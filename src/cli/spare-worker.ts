// Vitest forks its first test worker only when the run starts, after the CLI has loaded Vitest and built its
// projects, and that process then spends ≈ 0.2 s importing Vitest's runtime before it can take a test file. The
// CLI forks the same process itself as soon as it knows the command is a run (before it reads the suite: every
// model project's worker is launched alike), so the two start-ups overlap; Vitest's pool adopts it only when its
// env and arguments are exactly the ones Vitest would give a fork, else it forks its own as it always does (a
// slower start, never a different worker).
import { fork, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { isatty } from 'node:tty'
import type { ForksPoolWorker, PoolOptions, PoolWorker } from 'vitest/node'
import { workerExecArgv } from '../config/projects.ts'

/** The pool name of the model projects when a spare is offered (Vitest's own `forks` cannot be replaced). */
export const SPARE_POOL = 'jarvis-forks'

export interface SpareWorker {
  /** The forked process if `env` and `execArgv` are the ones it was started with (once); else null. */
  take(env: Partial<NodeJS.ProcessEnv>, execArgv: readonly string[]): ChildProcess | null
  /** Why a worker launched with `env` and `execArgv` would not be this one (null: it would). */
  mismatch(env: Partial<NodeJS.ProcessEnv>, execArgv: readonly string[]): string | null
  /** Why the last take() found no usable spare (for -v); null when one was taken or none asked for. */
  readonly refusal: string | null
  /** Whether Vitest took it. */
  readonly taken: boolean
  /** Forked before the command read its suite (forkEarlySpare), not once its runs were resolved. */
  readonly early: boolean
  /** The forked process's pid. */
  readonly pid: number | undefined
  /** Kills the spare if nobody took it. */
  dispose(): void
}

const vitestDir = () => dirname(createRequire(import.meta.url).resolve('vitest/package.json'))

/**
 * What Vitest 4.1 gives a forks worker (resolveOptions and createPool in vitest/dist/chunks/cli-api): the
 * parent's env as Vite and Vitest leave it once created (Vite sets NODE_ENV when unset; Vitest copies Vite's
 * import.meta.env onto it: BASE_URL, MODE, DEV, PROD) under Vitest's own five variables; and its execArgv:
 * profiling flags of the parent, then its own, then Vite's default SSR resolve conditions (node, and
 * development or production), then the project's execArgv.
 */
export function expectedWorkerLaunch(projectExecArgv: readonly string[], env: NodeJS.ProcessEnv = process.env) {
  const nodeEnv = env.NODE_ENV || 'development'
  const production = nodeEnv === 'production'
  const vite = { BASE_URL: env.BASE_URL ?? '/', MODE: env.MODE ?? 'test', DEV: env.DEV ?? (production ? '' : '1'), PROD: env.PROD ?? (production ? '1' : '') }
  return {
    env: { ...env, ...vite, NODE_ENV: nodeEnv, TEST: 'true', VITEST: 'true', VITEST_MODE: 'RUN', FORCE_TTY: isatty(1) ? 'true' : '' },
    execArgv: [
      ...process.execArgv.filter((a) => a.startsWith('--cpu-prof') || a.startsWith('--heap-prof') || a.startsWith('--diagnostic-dir')),
      '--experimental-import-meta-resolve',
      '--require',
      join(vitestDir(), 'suppress-warnings.cjs'),
      ...['--conditions', 'node', '--conditions', production ? 'production' : 'development'],
      ...projectExecArgv,
    ],
  }
}

/**
 * Forks Vitest's worker entry now, idle until Vitest's pool takes it (it holds neither the CLI open nor a port).
 * `base`: the environment the CLI will have when Vitest launches its workers (process.env unless told otherwise).
 */
export function forkSpareWorker(projectExecArgv: readonly string[], o: { base?: NodeJS.ProcessEnv; early?: boolean } = {}): SpareWorker {
  const { env, execArgv } = expectedWorkerLaunch(projectExecArgv, o.base)
  let child: ChildProcess | null = fork(join(vitestDir(), 'dist/workers/forks.js'), [], { env, execArgv, stdio: 'pipe', serialization: 'advanced' })
  const handles = (c: ChildProcess) => [c, c.channel, c.stdout, c.stderr] as ({ ref(): void; unref(): void } | null | undefined)[]
  for (const h of handles(child)) h?.unref()
  // A spare that dies early (killed, out of memory) is simply not offered.
  child.once('exit', () => (child = null))
  child.on('error', () => {})
  let refusal: string | null = null
  let taken = false
  const pid = child.pid
  const mismatch = (wantEnv: Partial<NodeJS.ProcessEnv>, wantArgv: readonly string[]): string | null => {
    const envDiff = differingKeys(env, wantEnv)
    if (envDiff.length) return `env differs in ${envDiff.join(', ')}`
    const argvSame = wantArgv.length === execArgv.length && wantArgv.every((a, i) => a === execArgv[i])
    return argvSame ? null : `execArgv differs: ${JSON.stringify(wantArgv)}`
  }
  return {
    pid,
    mismatch,
    take(wantEnv, wantArgv) {
      if (!child || !child.connected || child.exitCode !== null || child.signalCode !== null) {
        refusal = 'the spare worker is gone'
        return null
      }
      refusal = mismatch(wantEnv, wantArgv)
      if (refusal) return null
      const c = child
      child = null
      taken = true
      for (const h of handles(c)) h?.ref()
      return c
    },
    get refusal() {
      return refusal
    },
    get taken() {
      return taken
    },
    early: o.early ?? false,
    dispose() {
      child?.kill()
      child = null
    },
  }
}

/** Whether the CLI may fork a spare at all: JARVIS_SPARE_WORKER=0 turns it off, and JARVIS_POOL picks another pool. */
export const spareWorkerAllowed = (env: NodeJS.ProcessEnv = process.env): boolean => env.JARVIS_SPARE_WORKER !== '0' && !env.JARVIS_POOL

let early: SpareWorker | null = null

/**
 * main.ts, for `eval run` and `run-all` in the CLI: the worker forked before the command has read anything (its
 * launch depends on no suite: every model project has the same execArgv), so its start-up overlaps the CLI's
 * from the first moment. `verbose`: the command line asks for -v, which the run puts in the environment before
 * Vitest starts (a guess from the words alone: takeEarlySpare checks it). The run takes it (takeEarlySpare) or it
 * is killed (disposeEarlySpare).
 */
export function forkEarlySpare(verbose = false): void {
  early ??= forkSpareWorker(workerExecArgv(), { base: verbose ? { ...process.env, JARVIS_VERBOSE: '1' } : process.env, early: true })
}

/**
 * The early spare when a worker of the run would be launched exactly so now (the run may have set env since:
 * -v, an external agent's key), else null, and a spare that no longer matches is killed.
 */
export function takeEarlySpare(projectExecArgv: readonly string[]): SpareWorker | null {
  const spare = early
  early = null
  if (!spare) return null
  const { env, execArgv } = expectedWorkerLaunch(projectExecArgv)
  if (!spare.mismatch(env, execArgv)) return spare
  spare.dispose()
  return null
}

/** Kills the early spare if the command did not take it (bad input, another command's path). */
export function disposeEarlySpare(): void {
  early?.dispose()
  early = null
}

function differingKeys(a: Partial<NodeJS.ProcessEnv>, b: Partial<NodeJS.ProcessEnv>): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)])
  return [...keys].filter((k) => a[k] !== b[k]).sort()
}

/**
 * The model projects' pool: Vitest's forks worker, which adopts the spare process instead of forking when it
 * matches. Built after `vitest/node` is loaded (the class extends Vitest's own).
 */
export function sparePool(Forks: typeof ForksPoolWorker, spare: SpareWorker) {
  class SpareForksWorker extends Forks implements PoolWorker {
    override readonly name = SPARE_POOL
    override async start(): Promise<void> {
      const adopted = spare.take(this.env, this.execArgv)
      // ForksPoolWorker.start forks only when it holds no process (`this._fork ||= fork(...)`), then pipes its output.
      if (adopted) (this as unknown as { _fork?: ChildProcess })._fork = adopted
      return super.start()
    }
  }
  return { name: SPARE_POOL, createPoolWorker: (options: PoolOptions) => new SpareForksWorker(options) }
}
