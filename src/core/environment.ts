/** A file put into a sample's environment before it starts: inline content or a host file copied in. */
export interface EnvironmentFile {
  /** Path inside the environment's work dir (relative). */
  path: string
  content?: string | Uint8Array
  /** A host file to copy in. */
  source?: string
}

/** What a benchmark asks for one sample; the environments registry opens it (kind → opener). */
export interface EnvironmentSpec {
  kind: string
  files?: EnvironmentFile[]
  [option: string]: unknown
}

export interface ExecResult {
  exitCode: number | null
  stdout: string
  stderr: string
  timedOut: boolean
  /** Output went past the environment's cap; the rest was dropped. */
  truncated?: boolean
}

export interface ExecOptions {
  timeoutS?: number
  signal?: AbortSignal
  /** Working directory inside the environment (a container path); default: the environment's own. */
  cwd?: string
}

/** A sample's world, open from before inference until after scoring; always closed (test teardown). */
export interface Environment {
  readonly kind: string
  /** Host folder of the sample's files (attachments, the work dir tools read and write). */
  readonly workDir: string
  /** Runs a shell command inside the environment (containers; the local kind runs it in the sandbox). */
  exec?(command: string, opts?: ExecOptions): Promise<ExecResult>
  close(): Promise<void>
}
