// Containers without an engine: bubblewrap over a rootfs folder, with a per-container overlayfs root so the
// rootfs is never written. The overlay is mounted inside a private mount namespace (`unshare --mount`) that
// exists only while the container's bwrap does, so nothing stays mounted on the host, even after a crash.
// bwrap unshares every namespace (network included: only loopback); execs join them with nsenter, so files
// and background processes persist between execs as in Docker. cpus and memory are not enforced here.
//
//   new LocalRuntime(env?)   images are folders of JARVIS_ROOTFS_DIR: <store>/<ref, '/' and ':' as '_'>, with
//                            an optional <folder>.json: the image config as `docker image inspect -f '{{json
//                            .Config}}'` prints it (WorkingDir and Env are used)
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { JarvisError } from '../core/errors.ts'
import { CappedBuffer } from './demux.ts'
import { containerName, DEFAULT_MAX_OUTPUT, imageMissingMessage } from './exec-common.ts'
import type { Container, ContainerExecResult, ContainerFile, ContainerRuntime, ContainerSpec, ExecOptions, ProbeResult } from './types.ts'

const PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'
// "ready" once bwrap has set the root up (its --info-fd pid comes before that, too early to join).
const KEEPALIVE = 'echo ready; trap "exit 0" TERM; while :; do sleep 3600 & wait $!; done'
// Mounts the overlay, makes the mount points, then becomes bwrap (args: lower upper work merged dirs… -- bwrap args).
const INIT = 'set -e; L=$1 U=$2 W=$3 M=$4; shift 4; mount -t overlay overlay -o "lowerdir=$L,upperdir=$U,workdir=$W" "$M"; while [ "$1" != "--" ]; do mkdir -p "$M$1"; shift; done; shift; chmod 1777 "$M/tmp"; exec bwrap "$@"'

export const imageDirName = (ref: string): string => ref.replace(/[/:@]/g, '_')

export class LocalRuntime implements ContainerRuntime {
  readonly kind = 'local' as const
  readonly where: string
  private readonly store: string
  private unshareArgs: Promise<string[] | { error: string }> | null = null

  constructor(env: NodeJS.ProcessEnv = process.env) {
    this.store = resolve(env.JARVIS_ROOTFS_DIR || join(tmpdir(), 'jarvis-rootfs'))
    this.where = `local runtime, rootfs store JARVIS_ROOTFS_DIR=${this.store}`
  }

  imagePath(ref: string): string {
    return join(this.store, imageDirName(ref))
  }

  async probe(): Promise<ProbeResult> {
    const u = await (this.unshareArgs ??= findUnshare())
    if ('error' in u) return { ok: false, reason: u.error }
    return { ok: true, where: this.where, detail: u.includes('--user') ? 'user namespace' : 'root' }
  }

  async hasImage(ref: string): Promise<boolean> {
    return existsSync(this.imagePath(ref)) && statSync(this.imagePath(ref)).isDirectory()
  }

  async pullImage(ref: string): Promise<void> {
    throw new JarvisError('JARVIS_REQUIREMENT', `the local runtime cannot pull ${ref}: put its root filesystem at ${this.imagePath(ref)} (docker export, debootstrap), or use a Docker Engine (JARVIS_CONTAINER_RUNTIME=docker).`)
  }

  async create(spec: ContainerSpec): Promise<Container> {
    const u = await (this.unshareArgs ??= findUnshare())
    if ('error' in u) throw new JarvisError('JARVIS_REQUIREMENT', u.error)
    const lower = this.imagePath(spec.image)
    if (!(await this.hasImage(spec.image))) throw new JarvisError('JARVIS_REQUIREMENT', imageMissingMessage(spec.image, `${this.where}: no folder ${lower}`))
    const config = imageConfig(`${lower}.json`)
    return startLocal(u, lower, { ...spec, workdir: spec.workdir ?? config.workdir, env: { ...config.env, ...spec.env } })
  }
}

/** WorkingDir and Env of the image config next to a rootfs folder, when there is one. */
function imageConfig(file: string): { workdir?: string; env: Record<string, string> } {
  if (!existsSync(file)) return { env: {} }
  const c = JSON.parse(readFileSync(file, 'utf8')) as { WorkingDir?: string; Env?: string[] }
  const env = Object.fromEntries((c.Env ?? []).filter((kv) => kv.includes('=')).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]))
  return { workdir: c.WorkingDir || undefined, env }
}

async function startLocal(unshare: string[], lower: string, spec: ContainerSpec): Promise<Container> {
  if (/[,:]/.test(lower)) throw new JarvisError('JARVIS_REQUIREMENT', `rootfs path ${lower} has a ',' or ':', which overlayfs options cannot carry; move it.`)
  const dir = mkdtempSync(join(tmpdir(), 'jarvis-ctr-'))
  for (const d of ['upper', 'work', 'merged']) mkdirSync(join(dir, d))
  writeFileSync(join(dir, 'owner'), String(process.pid))
  const m = join(dir, 'merged')
  const binds = spec.binds ?? []
  const mountPoints = ['/tmp', ...binds.map((b) => b.path), ...(spec.workdir ? [spec.workdir] : [])]
  const bwrap = ['--bind', m, '/', ...binds.flatMap((b) => [b.readOnly ? '--ro-bind' : '--bind', b.host, b.path]), '--proc', '/proc', '--dev', '/dev', '--unshare-all', '--die-with-parent', '--new-session', '--info-fd', '3', '--clearenv', '--setenv', 'PATH', PATH, '--chdir', '/', '--', '/bin/sh', '-c', KEEPALIVE]
  // setpriv --pdeathsig: if this process dies without remove() (a crash, a killed worker), the kernel kills the
  // outer bwrap (unshare and sh exec into it, keeping the signal), and bwrap's --die-with-parent takes the rest.
  const argv = ['--pdeathsig', 'KILL', 'unshare', ...unshare, '--', '/bin/sh', '-c', INIT, 'init', lower, join(dir, 'upper'), join(dir, 'work'), m, ...mountPoints, '--', ...bwrap]
  const child = spawn('setpriv', argv, { stdio: ['ignore', 'pipe', 'pipe', 'pipe'], env: { PATH } })
  try {
    const pid = await childPid(child)
    return new LocalContainer(spec.name ?? containerName(), child, pid, dir, spec)
  } catch (e) {
    child.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
    throw e
  }
}

/**
 * bwrap's --info-fd JSON names the container's pid 1 (in our pid namespace); execs join its namespaces once the
 * keepalive said "ready" (the root is in place).
 */
function childPid(child: ChildProcess): Promise<number> {
  return new Promise((resolvePid, reject) => {
    let info = ''
    let out = ''
    let err = ''
    const t = setTimeout(() => reject(new Error('local container did not start within 15 s')), 15_000)
    const check = () => {
      const m = /"child-pid":\s*(\d+)/.exec(info)
      if (m && out.includes('ready')) clearTimeout(t), resolvePid(Number(m[1]))
    }
    child.stderr!.on('data', (d) => (err += d))
    child.stdout!.on('data', (d) => ((out += d), check()))
    child.stdio[3]!.on('data', (d) => ((info += d), check()))
    child.on('error', (e) => (clearTimeout(t), reject(e)))
    child.on('exit', (code) => (clearTimeout(t), reject(new Error(`local container exited at start (${code}): ${err.trim().slice(0, 300)}`))))
  })
}

class LocalContainer implements Container {
  readonly id: string
  private removed = false
  constructor(
    readonly name: string,
    private readonly init: ChildProcess,
    private readonly pid: number,
    private readonly dir: string,
    private readonly spec: ContainerSpec,
  ) {
    this.id = `local-${pid}`
  }

  exec(cmd: string[], o: ExecOptions): Promise<ContainerExecResult> {
    if (this.removed) return Promise.reject(new Error(`container ${this.name} was removed`))
    const workdir = o.workdir ?? this.spec.workdir ?? '/'
    const argv = ['--target', String(this.pid), '--all', '--root', '--wd', '--', '/bin/sh', '-c', 'cd "$0" && exec "$@"', workdir, ...cmd]
    const env = { PATH, HOME: '/root', ...this.spec.env, ...o.env }
    return new Promise((done, fail) => {
      const child = spawn('nsenter', argv, { env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] })
      const cap = o.maxOutputBytes ?? DEFAULT_MAX_OUTPUT
      const stdout = new CappedBuffer(cap)
      const stderr = new CappedBuffer(cap)
      let timedOut = false
      // The exec's process group (nsenter and what it started inside) dies at the deadline or on abort.
      const kill = () => {
        try {
          process.kill(-child.pid!, 'SIGKILL')
        } catch {}
      }
      const timer = setTimeout(() => ((timedOut = true), kill()), o.timeoutMs)
      o.signal?.addEventListener('abort', kill, { once: true })
      child.stdout.on('data', (d: Buffer) => stdout.push(d))
      child.stderr.on('data', (d: Buffer) => stderr.push(d))
      child.stdin.on('error', () => {})
      child.stdin.end(o.stdin ? Buffer.from(o.stdin) : undefined)
      child.on('error', (e) => (clearTimeout(timer), fail(e)))
      child.on('close', (code) => {
        clearTimeout(timer)
        o.signal?.removeEventListener('abort', kill)
        done({ exitCode: timedOut ? null : code, stdout: stdout.value(), stderr: stderr.value(), timedOut, truncated: stdout.truncated || stderr.truncated })
      })
    })
  }

  async putFiles(files: ContainerFile[]): Promise<void> {
    for (const f of files) {
      if (!f.path.startsWith('/')) throw new Error(`putFiles: ${f.path} is not an absolute path`)
      const mode = (f.mode ?? 0o644).toString(8)
      const r = await this.exec(['/bin/sh', '-c', 'mkdir -p "$(dirname "$0")" && cat > "$0" && chmod "$1" "$0"', f.path, mode], { timeoutMs: 60_000, stdin: typeof f.content === 'string' ? Buffer.from(f.content) : f.content })
      if (r.exitCode !== 0) throw new Error(`putFiles ${f.path}: ${r.stderr.toString().trim() || `exit ${r.exitCode}`}`)
    }
  }

  async readFile(path: string): Promise<Buffer | null> {
    const r = await this.exec(['/bin/sh', '-c', 'test -f "$0" && exec cat "$0"', path], { timeoutMs: 60_000, maxOutputBytes: 64 << 20 })
    return r.exitCode === 0 ? r.stdout : null
  }

  async remove(): Promise<void> {
    if (this.removed) return
    this.removed = true
    // Killing pid 1 ends the pid namespace (every process in it) and the outer bwrap, which reaps it; the
    // private mount namespace that held the overlay goes with the last of them.
    const exited = new Promise<void>((r) => (this.init.exitCode !== null || this.init.signalCode !== null ? r() : this.init.once('exit', () => r())))
    try {
      process.kill(this.pid, 'SIGKILL')
    } catch {}
    const late = setTimeout(() => this.init.kill('SIGKILL'), 2000)
    await exited
    clearTimeout(late)
    rmSync(this.dir, { recursive: true, force: true })
  }
}

/**
 * The folders of containers whose process died without removing them (a crash): nothing is mounted on them (the
 * overlay lived in the container's own mount namespace), so they are just deleted.
 */
export function sweepStale(root = tmpdir()): void {
  for (const name of readdirSync(root)) {
    if (!name.startsWith('jarvis-ctr-')) continue
    try {
      const owner = Number(readFileSync(join(root, name, 'owner'), 'utf8'))
      if (owner === process.pid) continue
      try {
        process.kill(owner, 0)
        continue
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ESRCH') continue
      }
      rmSync(join(root, name), { recursive: true, force: true })
    } catch {}
  }
}

/** How to unshare a mount namespace here: as root directly; otherwise inside a user namespace, if allowed. */
async function findUnshare(): Promise<string[] | { error: string }> {
  sweepStale()
  const root = process.getuid?.() === 0
  const candidates = root ? [['--mount', '--propagation', 'private']] : [['--user', '--map-root-user', '--mount', '--propagation', 'private']]
  const probeRoot = mkdtempSync(join(tmpdir(), 'jarvis-rootfs-probe-'))
  try {
    for (const d of ['bin', 'lib', 'lib64', 'sbin']) symlinkSync(`usr/${d}`, join(probeRoot, d))
    mkdirSync(join(probeRoot, 'usr'))
    let last = ''
    for (const u of candidates) {
      try {
        const c = await startLocal(u, probeRoot, { image: 'probe', binds: [{ host: '/usr', path: '/usr', readOnly: true }] })
        const r = await c.exec(['true'], { timeoutMs: 10_000 })
        await c.remove()
        if (r.exitCode === 0) return u
        last = r.stderr.toString().trim() || `exit ${r.exitCode}`
      } catch (e) {
        last = (e as Error).message
      }
    }
    const how = /ENOENT|not found|unrecognized option/.test(last) ? 'install bubblewrap and util-linux 2.33+ (apt-get install bubblewrap util-linux)' : root ? 'this kernel or container refuses overlayfs or namespaces' : 'run as root, or allow unprivileged user namespaces'
    return { error: `local container runtime: bwrap over an overlayfs root did not start (${last.slice(0, 200)}); ${how}, or use a Docker Engine (JARVIS_CONTAINER_RUNTIME=docker).` }
  } finally {
    rmSync(probeRoot, { recursive: true, force: true })
  }
}
