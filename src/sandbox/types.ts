// What runSandboxed takes and returns. Model-written code only ever runs through it (decisions.md "Code").

export interface SandboxOptions {
  /** argv; a bare `python3` is replaced by an interpreter the sandbox user can run (resolve-python.ts). */
  command: string[]
  stdin?: string
  /** Files written into the fresh working directory before the command starts: relative path → content. */
  files?: Record<string, string | Uint8Array>
  /** Wall-clock limit; the whole process group is SIGKILLed when it passes. CPU time is capped at the same. */
  timeoutMs: number
  /** Address-space cap (RLIMIT_AS): a large allocation fails inside the child, the harness lives on. */
  memoryBytes: number
  /** stdout and stderr are each read up to this many bytes; one byte more and the group is killed. */
  maxOutputBytes: number
  /** RLIMIT_NPROC for the sandbox uid. Each concurrent sandbox has a uid of its own, leased machine-wide (uid-pool.ts), so this is per call. */
  maxProcesses: number
  /** Largest file the code may write (RLIMIT_FSIZE); default maxOutputBytes. */
  maxFileBytes?: number
  /**
   * Everything the code may store in its working directory together (a tmpfs of this size, as root with a
   * mount namespace); default 64 MiB or 4 × maxFileBytes, whichever is larger, plus the size of `files`.
   */
  maxDirBytes?: number
  /**
   * Give the command a result channel on fd 3 (read into `result`, capped at maxOutputBytes). It is for a
   * trusted supervisor (harness.py) that runs the model's code in child processes which never hold fd 3.
   */
  resultChannel?: boolean
  /** Only `false` is supported: model code never gets a network. */
  network: false
  signal?: AbortSignal
}

export type NetworkIsolation = 'none' | 'host'

/** How the child was contained; stored with scores so a run says what it relied on. */
export interface SandboxIsolation {
  /** uid the code ran as (a pooled unprivileged uid as root; the harness's own uid otherwise). */
  uid: number
  /** 'none': no interface at all (`unshare --net`); 'host': the fallback when namespaces are refused. */
  network: NetworkIsolation
  /** /tmp, /var/tmp, /dev/shm and /run/lock are read-only empty tmpfs inside the sandbox; the work dir is a capped tmpfs. */
  privateTmp: boolean
  /** Own PID namespace and /proc: no other process is visible, and none outlives the sandbox. */
  pidNamespace: boolean
  /** Own System V IPC namespace: shared memory segments die with the sandbox. */
  ipcNamespace: boolean
}

export interface SandboxResult {
  exitCode: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
  /** What came through fd 3 (resultChannel only). Known secret values are redacted from all three texts. */
  result?: string
  /** The wall-clock timer fired, or the CPU-time limit killed the child. */
  timedOut: boolean
  /** stdout or stderr passed maxOutputBytes; the group was killed and the text is cut there. */
  outputTruncated: boolean
  /** Heuristic: the child reported an allocation failure (MemoryError, ENOMEM) on stderr. */
  oom?: boolean
  durationMs: number
  isolation: SandboxIsolation
}
