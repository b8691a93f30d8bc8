// The test image: an empty root whose bin, lib, lib64 and sbin are symlinks into /usr, run with the host's
// /usr bound read-only (no registry is reachable, so it is built here: 31 bytes on Docker, a folder locally).
// WORKDIR /app like the TerminalBench images. test/support/docker/import-test-image.sh builds it on an engine.
//
//   TEST_IMAGE, HOST_USR_BINDS, writeHostUsrRootfs(dir), localTestStore(), gate(what, probe)
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'
import { DockerEngineRuntime } from '../../src/containers/docker-runtime.ts'
import { imageDirName, LocalRuntime } from '../../src/containers/local-runtime.ts'
import type { Bind, ContainerRuntime } from '../../src/containers/types.ts'

export const TEST_IMAGE = 'jarvis-test/host-usr:1'
export const HOST_USR_BINDS: Bind[] = [{ host: '/usr', path: '/usr', readOnly: true }]
/** The env value that gives every container of a run the host's /usr (JARVIS_CONTAINER_RO_BINDS). */
export const HOST_USR_ENV = '/usr'

export function writeHostUsrRootfs(dir: string): string {
  mkdirSync(join(dir, 'usr'), { recursive: true })
  for (const d of ['app', 'tmp', 'root', 'etc']) mkdirSync(join(dir, d), { recursive: true })
  for (const d of ['bin', 'lib', 'lib64', 'sbin']) symlinkSync(`usr/${d}`, join(dir, d))
  return dir
}

let store: string | null = null

/** A JARVIS_ROOTFS_DIR holding the test image, for the local runtime: one per test file, removed after it. */
export function localTestStore(): string {
  if (store) return store
  store = mkdtempSync(join(tmpdir(), 'jarvis-rootfs-store-'))
  const made = store
  // Called at a test file's top level (gates are read there), so this hook belongs to the file.
  afterAll(() => {
    rmSync(made, { recursive: true, force: true })
    store = null
  })
  writeHostUsrRootfs(join(store, imageDirName(TEST_IMAGE)))
  writeFileSync(join(store, `${imageDirName(TEST_IMAGE)}.json`), JSON.stringify({ WorkingDir: '/app', Env: ['PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'] }))
  return store
}

export interface Gate {
  /** Why the tests skip here; null when they run. */
  skip: string | null
}

/**
 * Tests that need a service run when it is there; outside CI they skip with the reason, in CI (which installs
 * and starts it: .ci/run) a missing service fails them.
 */
export function gate(reason: string | null): Gate {
  if (reason && process.env.CI) throw new Error(`CI must provide this: ${reason}`)
  return { skip: reason }
}

/** The real Docker engine on DOCKER_HOST, with the test image on it; a reason when not. */
export async function realDockerGate(env: NodeJS.ProcessEnv = process.env): Promise<Gate & { runtime: ContainerRuntime | null }> {
  let runtime: DockerEngineRuntime
  try {
    runtime = new DockerEngineRuntime(env)
  } catch (e) {
    return { ...gate((e as Error).message), runtime: null }
  }
  const p = await runtime.probe()
  if (!p.ok) return { ...gate(p.reason), runtime: null }
  if (!(await runtime.hasImage(TEST_IMAGE))) return { ...gate(`${TEST_IMAGE} is not on the engine: run test/support/docker/import-test-image.sh`), runtime: null }
  return { skip: null, runtime }
}

/** The local runtime (bwrap + overlayfs) with a store holding the test image; a reason when it cannot run here. */
export async function localRuntimeGate(): Promise<Gate & { runtime: LocalRuntime | null; store: string }> {
  const store = localTestStore()
  const runtime = new LocalRuntime({ JARVIS_ROOTFS_DIR: store })
  const p = await runtime.probe()
  return p.ok ? { skip: null, runtime, store } : { ...gate(p.reason), runtime: null, store }
}

export interface RuntimeSetup {
  name: 'local' | 'docker'
  skip: string | null
  /** The process env that selects this runtime with the test image (JARVIS_CONTAINER_RUNTIME, …). */
  env: Record<string, string>
}

/** Both runtimes as far as this machine has them: the local one (bwrap) and the real engine on DOCKER_HOST. */
export async function runtimeSetups(): Promise<RuntimeSetup[]> {
  const [local, docker] = await Promise.all([localRuntimeGate(), realDockerGate()])
  return [
    { name: 'local', skip: local.skip, env: { JARVIS_CONTAINER_RUNTIME: 'local', JARVIS_ROOTFS_DIR: local.store, JARVIS_CONTAINER_RO_BINDS: HOST_USR_ENV } },
    { name: 'docker', skip: docker.skip, env: { JARVIS_CONTAINER_RUNTIME: 'docker', DOCKER_HOST: process.env.DOCKER_HOST || 'unix:///var/run/docker.sock', JARVIS_CONTAINER_RO_BINDS: HOST_USR_ENV } },
  ]
}

/** Sets env vars for the duration of fn (the container runtime reads process.env). */
export async function withEnv<T>(vars: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]))
  Object.assign(process.env, vars)
  try {
    return await fn()
  } finally {
    for (const [k, v] of Object.entries(before)) v === undefined ? delete process.env[k] : (process.env[k] = v)
  }
}
