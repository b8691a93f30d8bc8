// The Docker Engine API client against the stand-in engine (test/support/fake-docker-engine.ts): the requests
// it makes (API version from /_ping, no network, limits, labels), the exec stream, files through the archive
// endpoint, and the engine's error paths: missing image 404, name clash 409, exec in a stopped container 409,
// exec timeout, an engine that is not there.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { parseDockerHost } from '../../src/containers/docker-host.ts'
import { DockerEngineRuntime } from '../../src/containers/docker-runtime.ts'
import { pickApiVersion } from '../../src/containers/engine-client.ts'
import { startFakeDockerEngine, type FakeDockerEngine } from '../support/fake-docker-engine.ts'

let engine: FakeDockerEngine
let rt: DockerEngineRuntime

beforeAll(async () => {
  engine = await startFakeDockerEngine({ images: ['jarvis-test/img:1'], pullable: ['org/pullme:2'], apiVersion: '1.43' })
  rt = new DockerEngineRuntime({ DOCKER_HOST: engine.host })
})
afterAll(() => engine?.close())

describe('DOCKER_HOST and the API version', () => {
  test('parses unix and tcp hosts, refuses what it cannot speak', () => {
    expect(parseDockerHost({})).toMatchObject({ kind: 'unix', socketPath: '/var/run/docker.sock' })
    expect(parseDockerHost({ DOCKER_HOST: 'tcp://127.0.0.1:2375' })).toMatchObject({ kind: 'tcp', host: '127.0.0.1', port: 2375 })
    expect(() => parseDockerHost({ DOCKER_HOST: 'ssh://me@box' })).toThrow(/not understood; use unix:/)
    expect(() => parseDockerHost({ DOCKER_HOST: 'tcp://h:2376', DOCKER_TLS_VERIFY: '1' })).toThrow(/TLS .* not supported/)
  })

  test('takes the engine version up to the newest it writes for, refuses engines older than 1.41', () => {
    expect(pickApiVersion('1.41')).toBe('1.41')
    expect(pickApiVersion('1.43')).toBe('1.43')
    expect(pickApiVersion('1.51')).toBe('1.45')
    expect(pickApiVersion('1.40')).toBeNull()
    expect(pickApiVersion('')).toBeNull()
  })

  test('probe answers from GET /_ping; later requests carry the version it gave', async () => {
    expect(await rt.probe()).toEqual({ ok: true, where: `DOCKER_HOST=${engine.host}`, detail: 'Engine API 1.43' })
    expect(await rt.hasImage('jarvis-test/img:1')).toBe(true)
    expect(engine.requests.at(-1)!.path).toBe('/v1.43/images/jarvis-test%2Fimg%3A1/json')
  })

  test('no engine: the probe says where it looked, what the OS said, and that the CLI is not enough', async () => {
    const none = new DockerEngineRuntime({ DOCKER_HOST: 'unix:///nonexistent/docker.sock' })
    expect(await none.probe()).toEqual({ ok: false, reason: 'Docker Engine: DOCKER_HOST=unix:///nonexistent/docker.sock did not answer GET /_ping (ENOENT). Start dockerd or set DOCKER_HOST. (The docker CLI alone is not enough.)' })
    await expect(none.hasImage('x')).rejects.toMatchObject({ code: 'JARVIS_REQUIREMENT' })
  })

  test('also speaks tcp://', async () => {
    const tcp = await startFakeDockerEngine({ images: ['a:1'], tcp: true })
    try {
      const r = new DockerEngineRuntime({ DOCKER_HOST: tcp.host })
      expect(await r.probe()).toMatchObject({ ok: true })
      expect(await r.hasImage('a:1')).toBe(true)
      expect(await r.hasImage('b:1')).toBe(false)
    } finally {
      await tcp.close()
    }
  })
})

describe('containers', () => {
  test('create asks for no network, the limits, binds, env, workdir and our labels, then starts it', async () => {
    const c = await rt.create({ image: 'jarvis-test/img:1', name: 'tb-task-1', cpus: 1.5, memoryBytes: 2 << 30, binds: [{ host: '/srv/tests', path: '/tests', readOnly: true }, { host: '/srv/out', path: '/out' }], env: { A: '1' }, workdir: '/app' })
    const create = engine.requests.find((r) => r.path.startsWith('/v1.43/containers/create'))!
    expect(create.path).toBe('/v1.43/containers/create?name=tb-task-1')
    expect(create.body).toMatchObject({
      Image: 'jarvis-test/img:1',
      Env: ['A=1'],
      WorkingDir: '/app',
      NetworkDisabled: true,
      Labels: { 'jarvis-evals': '1', 'jarvis-evals.pid': String(process.pid) },
      HostConfig: { NetworkMode: 'none', NanoCpus: 1_500_000_000, Memory: 2 << 30, Binds: ['/srv/tests:/tests:ro', '/srv/out:/out'] },
    })
    expect(engine.containers.get(c.id)?.running).toBe(true)
    await c.remove()
    await c.remove()
    expect(engine.containers.size).toBe(0)
  })

  test('a missing image is a requirement error naming docker pull, docker load and --pull', async () => {
    await expect(rt.create({ image: 'alexgshaw/nope:20251031' })).rejects.toMatchObject({
      code: 'JARVIS_REQUIREMENT',
      message: `image alexgshaw/nope:20251031 is not on this container runtime (DOCKER_HOST=${engine.host}); run docker pull alexgshaw/nope:20251031 (or docker load -i <file>), or pass --pull.`,
    })
  })

  test('a name already in use is the engine 409, and the first container is untouched', async () => {
    const a = await rt.create({ image: 'jarvis-test/img:1', name: 'same' })
    await expect(rt.create({ image: 'jarvis-test/img:1', name: 'same' })).rejects.toMatchObject({ name: 'EngineError', status: 409, message: expect.stringMatching(/already in use/) })
    expect(engine.containers.get(a.id)?.running).toBe(true)
    await a.remove()
  })

  test('on first contact, containers a dead run of this host left are removed; live ones and others stay', async () => {
    const e = await startFakeDockerEngine({ images: ['i:1'] })
    try {
      const first = new DockerEngineRuntime({ DOCKER_HOST: e.host })
      const mine = await first.create({ image: 'i:1', name: 'mine' })
      const dead = await first.create({ image: 'i:1', name: 'dead', labels: { 'jarvis-evals.pid': '999999999' } })
      const foreign = await first.create({ image: 'i:1', name: 'foreign', labels: { 'jarvis-evals.pid': '999999999', 'jarvis-evals.host': 'elsewhere' } })
      await new DockerEngineRuntime({ DOCKER_HOST: e.host }).hasImage('i:1')
      expect([...e.containers.values()].map((c) => c.name).sort()).toEqual(['foreign', 'mine'])
      await Promise.all([mine, dead, foreign].map((c) => c.remove()))
    } finally {
      await e.close()
    }
  })

  test('pull: what the registry has arrives; what it refuses is one clear line', async () => {
    await rt.pullImage('org/pullme:2')
    expect(await rt.hasImage('org/pullme:2')).toBe(true)
    await expect(rt.pullImage('org/absent')).rejects.toThrow('docker pull org/absent:latest failed: pull access denied for org/absent:latest, repository does not exist')
  })
})

describe('exec and files', () => {
  test('demuxes stdout and stderr, reads the exit code, wraps the command in timeout -s KILL', async () => {
    const c = await rt.create({ image: 'jarvis-test/img:1' })
    try {
      const r = await c.exec(['sh', '-c', 'echo out; echo err >&2; printf "%s" "$GREETING"; exit 3'], { timeoutMs: 10_000, env: { GREETING: 'hé' } })
      expect(r).toMatchObject({ exitCode: 3, timedOut: false, truncated: false })
      expect(r.stdout.toString()).toBe('out\nhé')
      expect(r.stderr.toString()).toBe('err\n')
      const exec = engine.requests.filter((x) => x.path.endsWith('/exec')).at(-1)!
      expect(exec.body).toMatchObject({ Cmd: ['timeout', '-s', 'KILL', '10', 'sh', '-c', expect.any(String)], AttachStdout: true, AttachStderr: true, Tty: false })
    } finally {
      await c.remove()
    }
  })

  test('a command past its timeout is killed and reported as timed out', async () => {
    const c = await rt.create({ image: 'jarvis-test/img:1' })
    try {
      const t0 = Date.now()
      const r = await c.exec(['sh', '-c', 'echo started; sleep 30'], { timeoutMs: 1000 })
      expect(r).toMatchObject({ timedOut: true, exitCode: null })
      expect(r.stdout.toString()).toBe('started\n')
      expect(Date.now() - t0).toBeLessThan(5000)
    } finally {
      await c.remove()
    }
  })

  test('output past the cap is dropped and flagged; the command still finishes', async () => {
    const c = await rt.create({ image: 'jarvis-test/img:1' })
    try {
      const r = await c.exec(['sh', '-c', 'head -c 300000 /dev/zero | tr "\\0" a; echo done >&2'], { timeoutMs: 10_000, maxOutputBytes: 1000 })
      expect(r).toMatchObject({ exitCode: 0, truncated: true })
      expect(r.stdout.length).toBe(1000)
      expect(r.stderr.toString()).toBe('done\n')
    } finally {
      await c.remove()
    }
  })

  test('an exec in a container that is not running is the engine 409', async () => {
    const c = await rt.create({ image: 'jarvis-test/img:1' })
    engine.containers.get(c.id)!.running = false
    await expect(c.exec(['true'], { timeoutMs: 1000 })).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/is not running/) })
    await c.remove()
  })

  test('putFiles goes through PUT archive as a tar; readFile through GET archive; a missing file is null', async () => {
    const c = await rt.create({ image: 'jarvis-test/img:1' })
    try {
      await c.putFiles([{ path: '/app/solve.sh', content: 'echo solved\n', mode: 0o755 }, { path: '/logs/verifier/reward.txt', content: '1\n' }])
      const put = engine.requests.find((r) => r.method === 'PUT')!
      expect(put.path).toBe(`/v1.43/containers/${c.id}/archive?path=%2F`)
      expect((await c.readFile('/logs/verifier/reward.txt'))?.toString()).toBe('1\n')
      expect(await c.readFile('/logs/verifier/missing.txt')).toBeNull()
      await expect(c.putFiles([{ path: 'relative.txt', content: '' }])).rejects.toThrow(/not an absolute path/)
    } finally {
      await c.remove()
    }
  })
})
