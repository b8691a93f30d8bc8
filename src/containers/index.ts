// The container runtime of this process: JARVIS_CONTAINER_RUNTIME=docker (default: the Docker Engine on
// DOCKER_HOST) or local (bubblewrap over a rootfs folder). One instance per setting, loaded lazily, so
// `jarvis eval list` and benchmarks without containers never touch either.
import { JarvisError } from '../core/errors.ts'
import type { ContainerRuntime } from './types.ts'

export type { Bind, Container, ContainerExecResult, ContainerFile, ContainerRuntime, ContainerSpec, ExecOptions, ProbeResult } from './types.ts'

export const RUNTIME_KINDS = ['docker', 'local'] as const

const runtimes = new Map<string, Promise<ContainerRuntime>>()

export function runtimeKind(env: NodeJS.ProcessEnv = process.env): 'docker' | 'local' {
  const k = (env.JARVIS_CONTAINER_RUNTIME || 'docker').trim()
  if (k !== 'docker' && k !== 'local') throw new JarvisError('JARVIS_BAD_OPTION', `JARVIS_CONTAINER_RUNTIME=${k}: use docker (a Docker Engine on DOCKER_HOST) or local (bubblewrap over JARVIS_ROOTFS_DIR).`)
  return k
}

export function containerRuntime(env: NodeJS.ProcessEnv = process.env): Promise<ContainerRuntime> {
  const kind = runtimeKind(env)
  const key = JSON.stringify([kind, env.DOCKER_HOST ?? '', env.JARVIS_ROOTFS_DIR ?? ''])
  let r = runtimes.get(key)
  if (!r) {
    r = kind === 'docker' ? import('./docker-runtime.ts').then((m) => new m.DockerEngineRuntime(env)) : import('./local-runtime.ts').then((m) => new m.LocalRuntime(env))
    runtimes.set(key, r)
  }
  return r
}
