// A stand-in Docker Engine API on a unix socket (or 127.0.0.1) for tests of the real client without an engine:
// _ping/version, image inspect and pull, containers create/start/json/delete, exec create/start/inspect with
// the multiplexed stream, and the archive endpoint. Engine error shapes as dockerd sends them ({message}, 404
// for a missing image or file, 409 for a name clash or an exec in a stopped container).
//
// A "container" is a host temp folder: archive PUT/GET read and write under it, and an exec runs the command
// ON THE HOST (test-written commands only) with that folder as its working directory. No isolation: it tests
// the protocol, not containment (the real engine and the local runtime test that).
//
//   startFakeDockerEngine({ images?, pullable?, apiVersion?, tcp? }) → { host, requests, containers, close() }
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, statSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { muxFrame } from '../../src/containers/demux.ts'
import { packTar, unpackTar } from '../../src/containers/tar.ts'

export interface FakeContainer {
  id: string
  name: string
  image: string
  running: boolean
  root: string
  body: Record<string, unknown>
}

export interface FakeDockerEngine {
  /** The DOCKER_HOST value to reach it. */
  host: string
  requests: { method: string; path: string; body: unknown }[]
  containers: Map<string, FakeContainer>
  images: Set<string>
  close(): Promise<void>
}

interface FakeExec {
  container: FakeContainer
  cmd: string[]
  env: string[]
  workdir: string
  exitCode: number | null
  running: boolean
}

export async function startFakeDockerEngine(o: { images?: string[]; pullable?: string[]; apiVersion?: string; tcp?: boolean } = {}): Promise<FakeDockerEngine> {
  const dir = mkdtempSync(join(tmpdir(), 'jarvis-fake-docker-'))
  const images = new Set(o.images ?? [])
  const containers = new Map<string, FakeContainer>()
  const execs = new Map<string, FakeExec>()
  const requests: FakeDockerEngine['requests'] = []
  let n = 0
  const find = (ref: string) => containers.get(ref) ?? [...containers.values()].find((c) => c.name === ref)

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://docker')
      const path = url.pathname.replace(/^\/v\d+\.\d+/, '')
      const raw = Buffer.concat(chunks)
      let body: unknown = null
      if (req.headers['content-type'] === 'application/json' && raw.length) body = JSON.parse(raw.toString('utf8'))
      requests.push({ method: req.method ?? '', path: url.pathname + url.search, body })
      const send = (status: number, value?: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Api-Version': o.apiVersion ?? '1.41' })
        res.end(value === undefined ? '' : JSON.stringify(value))
      }
      const fail = (status: number, message: string) => send(status, { message })
      let m: RegExpExecArray | null
      if (path === '/_ping') {
        res.writeHead(200, { 'Api-Version': o.apiVersion ?? '1.41', 'Content-Type': 'text/plain' })
        return res.end('OK')
      }
      if (path === '/version') return send(200, { Version: '20.10.24-fake', ApiVersion: o.apiVersion ?? '1.41' })
      if ((m = /^\/images\/(.+)\/json$/.exec(path))) return images.has(decodeURIComponent(m[1])) ? send(200, { Id: `sha256:${m[1]}` }) : fail(404, `No such image: ${decodeURIComponent(m[1])}`)
      if (path === '/images/create' && req.method === 'POST') {
        const ref = url.searchParams.get('fromImage') ?? ''
        res.writeHead(200, { 'Content-Type': 'application/json' })
        if ((o.pullable ?? []).includes(ref)) {
          images.add(ref)
          return res.end(`${JSON.stringify({ status: `Pulling from ${ref}` })}\n${JSON.stringify({ status: 'Download complete' })}\n`)
        }
        return res.end(`${JSON.stringify({ errorDetail: { message: `pull access denied for ${ref}, repository does not exist` }, error: `pull access denied for ${ref}` })}\n`)
      }
      if (path === '/containers/create' && req.method === 'POST') {
        const b = body as { Image: string; WorkingDir?: string }
        const name = url.searchParams.get('name') ?? `c${n}`
        if (!images.has(b.Image)) return fail(404, `No such image: ${b.Image}`)
        if (find(name)) return fail(409, `Conflict. The container name "/${name}" is already in use by container "${find(name)!.id}". You have to remove (or rename) that container to be able to reuse that name.`)
        const id = `${(++n).toString(16).padStart(12, '0')}${'f'.repeat(52)}`
        const root = join(dir, id)
        mkdirSync(root)
        containers.set(id, { id, name, image: b.Image, running: false, root, body: b as Record<string, unknown> })
        return send(201, { Id: id, Warnings: [] })
      }
      if (path === '/containers/json') return send(200, [...containers.values()].map((c) => ({ Id: c.id, Names: [`/${c.name}`], Image: c.image, State: c.running ? 'running' : 'created', Labels: c.body.Labels })))
      if ((m = /^\/containers\/([^/]+)(\/start|\/exec|\/archive)?$/.exec(path))) {
        const c = find(m[1])
        if (!c) return fail(404, `No such container: ${m[1]}`)
        if (m[2] === '/start') return (c.running = true), send(204)
        if (!m[2] && req.method === 'DELETE') {
          if (c.running && url.searchParams.get('force') !== 'true') return fail(409, `You cannot remove a running container ${c.id}. Stop the container before attempting removal or force remove`)
          containers.delete(c.id)
          rmSync(c.root, { recursive: true, force: true })
          return send(204)
        }
        if (m[2] === '/exec') {
          if (!c.running) return fail(409, `Container ${c.id} is not running`)
          const b = body as { Cmd: string[]; Env?: string[]; WorkingDir?: string }
          const id = `exec${++n}`
          execs.set(id, { container: c, cmd: b.Cmd, env: b.Env ?? [], workdir: b.WorkingDir ?? '', exitCode: null, running: false })
          return send(201, { Id: id })
        }
        if (m[2] === '/archive') {
          const target = join(c.root, url.searchParams.get('path') ?? '/')
          if (req.method === 'PUT') {
            if (!existsSync(target)) return fail(404, `Could not find the file ${url.searchParams.get('path')} in container ${c.id}`)
            for (const e of unpackTar(raw)) {
              mkdirSync(dirname(join(target, e.path)), { recursive: true })
              writeFileSync(join(target, e.path), e.data, { mode: e.mode })
            }
            return send(200)
          }
          if (!existsSync(target) || !statSync(target).isFile()) return fail(404, `Could not find the file ${url.searchParams.get('path')} in container ${c.id}`)
          res.writeHead(200, { 'Content-Type': 'application/x-tar' })
          return res.end(packTar([{ path: target.split('/').pop()!, content: readFileSync(target) }]))
        }
      }
      if ((m = /^\/exec\/([^/]+)\/(start|json)$/.exec(path))) {
        const x = execs.get(m[1])
        if (!x) return fail(404, `No such exec instance: ${m[1]}`)
        if (m[2] === 'json') return send(200, { ExitCode: x.exitCode, Running: x.running })
        return runExec(x, res)
      }
      fail(404, `page not found: ${req.method} ${path}`)
    })
  })

  let host: string
  if (o.tcp) {
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
    host = `tcp://127.0.0.1:${(server.address() as AddressInfo).port}`
  } else {
    const sock = join(dir, 'docker.sock')
    await new Promise<void>((ok) => server.listen(sock, ok))
    host = `unix://${sock}`
  }
  return {
    host,
    requests,
    containers,
    images,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections()
        server.close(() => (rmSync(dir, { recursive: true, force: true }), ok()))
      }),
  }
}

/** The hijacked exec stream: frames as the command writes, then the connection closes. */
function runExec(x: FakeExec, res: http.ServerResponse): void {
  res.writeHead(200, { 'Content-Type': 'application/vnd.docker.raw-stream' })
  x.running = true
  const env = Object.fromEntries(x.env.map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]))
  const cwd = x.workdir && existsSync(join(x.container.root, x.workdir)) ? join(x.container.root, x.workdir) : x.container.root
  const child = spawn(x.cmd[0], x.cmd.slice(1), { cwd, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout.on('data', (d: Buffer) => res.write(muxFrame(1, d)))
  child.stderr.on('data', (d: Buffer) => res.write(muxFrame(2, d)))
  let failed = false
  child.on('error', () => {
    failed = true
    res.write(muxFrame(1, Buffer.from(`OCI runtime exec failed: exec failed: unable to start container process: exec: "${x.cmd[0]}": executable file not found in $PATH: unknown\r\n`)))
    x.exitCode = 127
    x.running = false
    res.end()
  })
  child.on('close', (code, signal) => {
    if (failed) return
    x.exitCode = code ?? (signal ? 128 + 9 : 1)
    x.running = false
    res.end()
  })
  res.on('close', () => child.exitCode === null && child.kill('SIGKILL'))
}
