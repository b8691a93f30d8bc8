// `container`: a fresh container per sample on the configured runtime (src/containers: the Docker Engine or
// bubblewrap), with no network; removed when the sample ends, whatever happened. `exec` runs a shell command in
// it (the agent's shell tool); scorers reach the container itself for argv execs and files.
//
// Spec: { kind: 'container', image, name?, binds?, cpus?, memoryBytes?, workdir?, env?, setup?, shell? }
// JARVIS_CONTAINER_RO_BINDS="/usr,/opt/x:/x" adds read-only binds to every container (images that borrow the
// host's /usr, like the CI test image). Writable host binds only come from the benchmark.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { containerRuntime } from '../containers/index.ts'
import type { Bind, Container } from '../containers/types.ts'
import type { Environment, EnvironmentSpec, ExecOptions, ExecResult } from '../core/environment.ts'
import { JarvisError } from '../core/errors.ts'

export interface ContainerEnvironmentSpec extends EnvironmentSpec {
  kind: 'container'
  image: string
  name?: string
  binds?: Bind[]
  cpus?: number
  memoryBytes?: number
  workdir?: string
  env?: Record<string, string>
  /** Shell commands run once after start (e.g. `mkdir -p /logs/verifier`); a failure fails the sample's setup. */
  setup?: string[]
  /** How exec(command) runs a command line; default ['bash', '-c'] (falls back to /bin/sh when there is no bash). */
  shell?: string[]
}

export interface ContainerEnvironment extends Environment {
  readonly kind: 'container'
  readonly container: Container
  readonly runtime: 'docker' | 'local'
  exec(command: string, opts?: ExecOptions): Promise<ExecResult>
}

export const isContainerEnvironment = (e: Environment | null | undefined): e is ContainerEnvironment => e?.kind === 'container' && 'container' in e

/** Output kept per stream of a shell exec (the tool caps what goes back to the model again). */
const EXEC_OUTPUT_BYTES = 256 * 1024
const DEFAULT_EXEC_TIMEOUT_S = 600

export function extraReadOnlyBinds(env: NodeJS.ProcessEnv = process.env): Bind[] {
  return (env.JARVIS_CONTAINER_RO_BINDS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const [host, path = host] = s.split(':')
      if (!host.startsWith('/') || !path.startsWith('/')) throw new JarvisError('JARVIS_BAD_OPTION', `JARVIS_CONTAINER_RO_BINDS: "${s}" is not host[:container] with absolute paths.`)
      return { host, path, readOnly: true }
    })
}

export async function openContainerEnvironment(raw: EnvironmentSpec, o: { signal?: AbortSignal } = {}): Promise<Environment> {
  const spec = raw as ContainerEnvironmentSpec
  if (typeof spec.image !== 'string' || !spec.image) throw new JarvisError('JARVIS_DATASET', 'container environment: the spec names no image.')
  const runtime = await containerRuntime()
  const container = await runtime.create(
    { image: spec.image, name: spec.name, binds: [...extraReadOnlyBinds(), ...(spec.binds ?? [])], cpus: spec.cpus, memoryBytes: spec.memoryBytes, workdir: spec.workdir, env: spec.env, network: 'none' },
    o.signal,
  )
  const workDir = mkdtempSync(join(tmpdir(), 'jarvis-env-'))
  let closed = false
  const close = async () => {
    if (closed) return
    closed = true
    try {
      await container.remove()
    } finally {
      rmSync(workDir, { recursive: true, force: true })
    }
  }
  try {
    let shell = spec.shell
    if (!shell) {
      const bash = await container.exec(['/bin/sh', '-c', 'command -v bash'], { timeoutMs: 30_000 })
      shell = bash.exitCode === 0 ? ['bash', '-c'] : ['/bin/sh', '-c']
    }
    for (const cmd of spec.setup ?? []) {
      const r = await container.exec([...shell, cmd], { timeoutMs: 120_000, signal: o.signal })
      if (r.exitCode !== 0) throw new Error(`container setup "${cmd}" failed (exit ${r.exitCode}): ${r.stderr.toString().trim().slice(0, 300)}`)
    }
    if (spec.files?.length) {
      const base = spec.workdir ?? '/'
      await container.putFiles(spec.files.map((f) => ({ path: `${base.replace(/\/$/, '')}/${f.path}`, content: f.content ?? '' })))
    }
    const sh = shell
    const env: ContainerEnvironment = {
      kind: 'container',
      workDir,
      container,
      runtime: runtime.kind,
      async exec(command, opts = {}) {
        const r = await container.exec([...sh, command], { timeoutMs: (opts.timeoutS ?? DEFAULT_EXEC_TIMEOUT_S) * 1000, workdir: opts.cwd, signal: opts.signal, maxOutputBytes: EXEC_OUTPUT_BYTES })
        return { exitCode: r.exitCode, stdout: r.stdout.toString('utf8'), stderr: r.stderr.toString('utf8'), timedOut: r.timedOut, truncated: r.truncated }
      },
      close,
    }
    return env
  } catch (e) {
    await close()
    throw e
  }
}
