// The container contract every runtime implements (Docker Engine API, bubblewrap over a rootfs). Containers
// never get a network: the only mode is 'none' (no interface but loopback), so nothing a model writes can
// reach another machine, and no test or run ever needs a bridge or NAT rules.

/** A host path mounted into the container. */
export interface Bind {
  host: string
  /** Absolute path inside the container. */
  path: string
  readOnly?: boolean
}

export interface ContainerSpec {
  image: string
  /** Container name (Docker: must be unique on the engine; a clash is a 409). Default: jarvis-<random>. */
  name?: string
  binds?: Bind[]
  /** CPU limit in cores (Docker NanoCpus). */
  cpus?: number
  /** Memory limit in bytes. */
  memoryBytes?: number
  env?: Record<string, string>
  /** Working directory of execs that do not name one; default: the image's. */
  workdir?: string
  /** Only 'none' exists: containers never get a network. */
  network?: 'none'
  /** Labels (Docker) that say who made the container. */
  labels?: Record<string, string>
}

export interface ExecOptions {
  /** Wall-clock limit; on expiry the command's process group is killed and `timedOut` is set. */
  timeoutMs: number
  /** Bytes kept of stdout and of stderr each (the rest is read and dropped); default 1 MiB. */
  maxOutputBytes?: number
  workdir?: string
  env?: Record<string, string>
  /** Bytes written to the command's stdin (local runtime; Docker execs get no stdin, use putFiles). */
  stdin?: Uint8Array
  signal?: AbortSignal
}

export interface ContainerExecResult {
  /** null when the command was killed (timeout) or its status could not be read. */
  exitCode: number | null
  stdout: Buffer
  stderr: Buffer
  timedOut: boolean
  /** stdout or stderr went past maxOutputBytes. */
  truncated: boolean
}

/** A file written into a container: its absolute path inside, its bytes, its mode (default 0o644). */
export interface ContainerFile {
  path: string
  content: string | Uint8Array
  mode?: number
}

export interface Container {
  readonly id: string
  readonly name: string
  exec(cmd: string[], o: ExecOptions): Promise<ContainerExecResult>
  /** Writes files (parent folders created); paths are absolute inside the container. */
  putFiles(files: ContainerFile[]): Promise<void>
  /** A regular file's bytes, or null when it does not exist. */
  readFile(path: string): Promise<Buffer | null>
  /** Kills and deletes the container; safe to call twice. */
  remove(): Promise<void>
}

export type ProbeResult = { ok: true; where: string; detail?: string } | { ok: false; reason: string }

export interface ContainerRuntime {
  readonly kind: 'docker' | 'local'
  /** Where it runs (DOCKER_HOST, the rootfs store), for messages. */
  readonly where: string
  /** Tries the real thing (the engine answers /_ping; bwrap creates a namespace); never throws. */
  probe(): Promise<ProbeResult>
  hasImage(ref: string): Promise<boolean>
  /** Fetches an image from its registry (only on an explicit --pull). */
  pullImage(ref: string, signal?: AbortSignal): Promise<void>
  create(spec: ContainerSpec, signal?: AbortSignal): Promise<Container>
}
