// Where the Docker Engine listens: DOCKER_HOST as the docker CLI reads it (unix:///path or tcp://host:port),
// default unix:///var/run/docker.sock. TLS (DOCKER_TLS_VERIFY) and ssh:// are not spoken here: one clear line.
import { JarvisError } from '../core/errors.ts'

export type DockerHost = { kind: 'unix'; socketPath: string; text: string } | { kind: 'tcp'; host: string; port: number; text: string }

export const DEFAULT_DOCKER_HOST = 'unix:///var/run/docker.sock'

export function parseDockerHost(env: NodeJS.ProcessEnv = process.env): DockerHost {
  const text = env.DOCKER_HOST?.trim() || DEFAULT_DOCKER_HOST
  if (text.startsWith('unix://')) {
    const socketPath = text.slice('unix://'.length)
    if (!socketPath.startsWith('/')) throw new JarvisError('JARVIS_REQUIREMENT', `DOCKER_HOST=${text}: a unix socket needs an absolute path (unix:///var/run/docker.sock).`)
    return { kind: 'unix', socketPath, text }
  }
  const m = /^(?:tcp|http):\/\/([^/:]+|\[[^\]]+\]):(\d+)\/?$/.exec(text)
  if (m) {
    if (env.DOCKER_TLS_VERIFY && env.DOCKER_TLS_VERIFY !== '0')
      throw new JarvisError('JARVIS_REQUIREMENT', `DOCKER_HOST=${text} with DOCKER_TLS_VERIFY: TLS to the Docker Engine is not supported; use a unix socket or a plain tcp:// endpoint on a trusted host.`)
    return { kind: 'tcp', host: m[1].replace(/^\[|\]$/g, ''), port: Number(m[2]), text }
  }
  throw new JarvisError('JARVIS_REQUIREMENT', `DOCKER_HOST=${text} is not understood; use unix:///path/to/docker.sock or tcp://host:port.`)
}
