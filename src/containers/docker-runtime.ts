// Containers on a Docker Engine through its HTTP API (docker-host.ts, engine-client.ts): create with no
// network, exec with a timeout and capped output, files through the archive endpoint, forced removal.
//
//   new DockerEngineRuntime(env?)      DOCKER_HOST (unix:// or tcp://), default /var/run/docker.sock
import { JarvisError } from '../core/errors.ts'
import { CappedBuffer, StreamDemuxer } from './demux.ts'
import { parseDockerHost } from './docker-host.ts'
import { EngineClient, EngineError } from './engine-client.ts'
import { containerLabels, containerName, DEFAULT_MAX_OUTPUT, imageMissingMessage, timeoutWrapped, wasTimedOut } from './exec-common.ts'
import { packTar, unpackTar } from './tar.ts'
import type { Container, ContainerExecResult, ContainerFile, ContainerRuntime, ContainerSpec, ExecOptions, ProbeResult } from './types.ts'

// The container's first process: sleeps until it is removed (TERM ends it at once), in any POSIX shell.
const KEEPALIVE = ['/bin/sh', '-c', 'trap "exit 0" TERM; while :; do sleep 3600 & wait $!; done']

export class DockerEngineRuntime implements ContainerRuntime {
  readonly kind = 'docker' as const
  readonly where: string
  private readonly client: EngineClient
  private connected: Promise<void> | null = null

  constructor(env: NodeJS.ProcessEnv = process.env) {
    const host = parseDockerHost(env)
    this.where = `DOCKER_HOST=${host.text}`
    this.client = new EngineClient(host)
  }

  async probe(): Promise<ProbeResult> {
    try {
      const version = await this.client.ping(2000)
      return { ok: true, where: this.where, detail: `Engine API ${version}` }
    } catch (e) {
      const code = (e as { code?: string }).code
      const why = code ? `did not answer GET /_ping (${code})` : `GET /_ping: ${(e as Error).message}`
      return { ok: false, reason: `Docker Engine: ${this.where} ${why}. Start dockerd or set DOCKER_HOST. (The docker CLI alone is not enough.)` }
    }
  }

  /** Pings once (every later request uses the agreed API version), then sweeps containers of dead runs. */
  private connect(): Promise<void> {
    this.connected ??= this.probe().then(async (p) => {
      if (!p.ok) {
        this.connected = null
        throw new JarvisError('JARVIS_REQUIREMENT', p.reason)
      }
      await this.sweepOrphans().catch(() => {})
    })
    return this.connected
  }

  /** Containers a crashed run of this host left: our labels, a pid that no longer lives. */
  private async sweepOrphans(): Promise<void> {
    const labels = containerLabels()
    const host = `jarvis-evals.host=${labels['jarvis-evals.host']}`
    const list = await this.client.json<{ Id: string; Labels?: Record<string, string> }[]>('GET', '/containers/json', { query: { all: true, filters: JSON.stringify({ label: [host] }) }, timeoutMs: 10_000 })
    for (const c of list) {
      const l = c.Labels ?? {}
      if (l['jarvis-evals'] !== '1' || l['jarvis-evals.host'] !== labels['jarvis-evals.host'] || !pidIsDead(Number(l['jarvis-evals.pid']))) continue
      await this.client.request('DELETE', `/containers/${c.Id}`, { query: { force: true, v: true }, timeoutMs: 60_000 }).catch(() => {})
    }
  }

  async hasImage(ref: string): Promise<boolean> {
    await this.connect()
    try {
      await this.client.request('GET', `/images/${encodeURIComponent(ref)}/json`, { timeoutMs: 10_000 })
      return true
    } catch (e) {
      if (e instanceof EngineError && e.status === 404) return false
      throw e
    }
  }

  async pullImage(ref: string, signal?: AbortSignal): Promise<void> {
    await this.connect()
    const tagged = /[@:][^/]*$/.test(ref) ? ref : `${ref}:latest`
    const res = await this.client.stream('POST', '/images/create', { query: { fromImage: tagged }, signal })
    let tail = ''
    let error: string | null = null
    for await (const chunk of res) {
      tail = (tail + chunk.toString('utf8')).split('\n').slice(-2).join('\n')
      for (const line of chunk.toString('utf8').split('\n')) {
        try {
          const m = JSON.parse(line) as { error?: string; errorDetail?: { message?: string } }
          if (m.error) error = m.errorDetail?.message ?? m.error
        } catch {}
      }
    }
    if (error) throw new JarvisError('JARVIS_REQUIREMENT', `docker pull ${tagged} failed: ${error}`)
    if (!(await this.hasImage(tagged))) throw new JarvisError('JARVIS_REQUIREMENT', `docker pull ${tagged} ended without the image (${tail.trim().slice(0, 200)})`)
  }

  async create(spec: ContainerSpec, signal?: AbortSignal): Promise<Container> {
    await this.connect()
    const name = spec.name ?? containerName()
    const body = {
      Image: spec.image,
      Entrypoint: KEEPALIVE.slice(0, 2),
      Cmd: KEEPALIVE.slice(2),
      Env: Object.entries(spec.env ?? {}).map(([k, v]) => `${k}=${v}`),
      WorkingDir: spec.workdir ?? '',
      Labels: { ...containerLabels(), ...spec.labels },
      NetworkDisabled: true,
      Tty: false,
      OpenStdin: false,
      HostConfig: {
        NetworkMode: 'none',
        Binds: (spec.binds ?? []).map((b) => `${b.host}:${b.path}${b.readOnly ? ':ro' : ''}`),
        NanoCpus: spec.cpus ? Math.round(spec.cpus * 1e9) : 0,
        Memory: spec.memoryBytes ?? 0,
      },
    }
    let id: string
    try {
      ;({ Id: id } = await this.client.json<{ Id: string }>('POST', '/containers/create', { query: { name }, body, signal, timeoutMs: 60_000 }))
    } catch (e) {
      if (e instanceof EngineError && e.status === 404 && /image/i.test(e.message)) throw new JarvisError('JARVIS_REQUIREMENT', imageMissingMessage(spec.image, this.where))
      throw e
    }
    const container = new DockerContainer(this.client, id, name)
    try {
      await this.client.request('POST', `/containers/${id}/start`, { signal, timeoutMs: 60_000 })
    } catch (e) {
      await container.remove()
      throw e
    }
    return container
  }
}

function pidIsDead(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false
  try {
    process.kill(pid, 0)
    return false
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH'
  }
}

class DockerContainer implements Container {
  private removed = false
  /** false once an exec showed that the image has no `timeout` (then only the client deadline applies). */
  private hasTimeout = true
  constructor(
    private readonly client: EngineClient,
    readonly id: string,
    readonly name: string,
  ) {}

  async exec(cmd: string[], o: ExecOptions): Promise<ContainerExecResult> {
    if (o.stdin) throw new Error('docker exec: stdin is not supported here; write the input with putFiles first')
    const first = await this.execOnce(this.hasTimeout ? timeoutWrapped(cmd, o.timeoutMs) : cmd, o)
    if (this.hasTimeout && (first.exitCode === 126 || first.exitCode === 127) && /timeout.*(not found|no such file)/i.test(first.stdout.toString() + first.stderr.toString())) {
      this.hasTimeout = false
      return this.execOnce(cmd, o)
    }
    return first
  }

  private async execOnce(cmd: string[], o: ExecOptions): Promise<ContainerExecResult> {
    const body = { AttachStdout: true, AttachStderr: true, AttachStdin: false, Tty: false, Cmd: cmd, Env: Object.entries(o.env ?? {}).map(([k, v]) => `${k}=${v}`), WorkingDir: o.workdir ?? '' }
    const { Id: execId } = await this.client.json<{ Id: string }>('POST', `/containers/${this.id}/exec`, { body, timeoutMs: 30_000, signal: o.signal })
    const started = Date.now()
    const cap = o.maxOutputBytes ?? DEFAULT_MAX_OUTPUT
    const out = { stdout: new CappedBuffer(cap), stderr: new CappedBuffer(cap) }
    const demux = new StreamDemuxer(out)
    const res = await this.client.stream('POST', `/exec/${execId}/start`, { body: { Detach: false, Tty: false }, signal: o.signal })
    // The client deadline is a backstop for images without `timeout`: the stream stops being read.
    let deadlineHit = false
    const deadline = setTimeout(() => ((deadlineHit = true), res.destroy()), o.timeoutMs + 2000)
    try {
      for await (const chunk of res) demux.push(chunk as Buffer)
    } catch (e) {
      if (!deadlineHit) throw e
    } finally {
      clearTimeout(deadline)
    }
    const elapsed = Date.now() - started
    const info = await this.client.json<{ ExitCode: number | null; Running: boolean }>('GET', `/exec/${execId}/json`, { timeoutMs: 10_000 })
    const exitCode = info.Running ? null : info.ExitCode
    const timedOut = deadlineHit || wasTimedOut(exitCode, elapsed, o.timeoutMs)
    return { exitCode: timedOut ? null : exitCode, stdout: out.stdout.value(), stderr: out.stderr.value(), timedOut, truncated: out.stdout.truncated || out.stderr.truncated }
  }

  async putFiles(files: ContainerFile[]): Promise<void> {
    for (const f of files) if (!f.path.startsWith('/')) throw new Error(`putFiles: ${f.path} is not an absolute path`)
    const tar = packTar(files.map((f) => ({ path: f.path.slice(1), content: f.content, mode: f.mode })))
    await this.client.request('PUT', `/containers/${this.id}/archive`, { query: { path: '/' }, body: tar, contentType: 'application/x-tar', timeoutMs: 60_000 })
  }

  async readFile(path: string): Promise<Buffer | null> {
    try {
      const res = await this.client.request('GET', `/containers/${this.id}/archive`, { query: { path }, timeoutMs: 60_000 })
      const entry = unpackTar(res.body)[0]
      return entry && (entry.type === '0' || entry.type === '\0') ? entry.data : null
    } catch (e) {
      if (e instanceof EngineError && e.status === 404) return null
      throw e
    }
  }

  async remove(): Promise<void> {
    if (this.removed) return
    this.removed = true
    try {
      await this.client.request('DELETE', `/containers/${this.id}`, { query: { force: true, v: true }, timeoutMs: 60_000 })
    } catch (e) {
      if (!(e instanceof EngineError && e.status === 404)) throw e
    }
  }
}
