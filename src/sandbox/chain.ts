// The argv that wraps a sandboxed command: namespaces, then the uid drop, then rlimits, then the command.
// Each tool execs the next, so the pid Node spawned is the command's own pid and the group leader
// (reference/sandbox-notes.md: prlimit only binds an unprivileged uid; kill the group, not the pid).
//
//   as root:   unshare --net --mount … sh -c PRIVATE_TMP W  setpriv --reuid=U …  prlimit …  cmd
//   non-root:  [unshare --map-root-user --net]  prlimit …  cmd      (no uid change is possible)

export interface ChainLimits {
  nproc: number
  asBytes: number
  fsizeBytes: number
  cpuSeconds: number
}

export interface ChainPlan {
  /** The harness runs as root: drop to `uid` and use real namespaces. */
  root: boolean
  /** The pooled sandbox uid (root only). */
  uid?: number
  /** New network namespace: no interface, not even loopback. */
  netns: boolean
  /** Root only: a mount namespace with read-only empty tmpfs over the world-writable dirs. */
  privateTmp: boolean
  /** Absolute, symlink-free working directory. */
  workDir: string
  limits: ChainLimits
}

/** World-writable directories on Debian/Ubuntu; each becomes an empty read-only tmpfs inside the sandbox. */
export const SHARED_WRITABLE_DIRS = ['/tmp', '/var/tmp', '/dev/shm', '/run/lock'] as const

// Runs as root inside the new mount namespace. The dir holding the work dir gets a tmpfs, the work dir is
// bind-mounted back from the (now hidden) original through /proc/self/cwd (`--no-canonicalize`, or mount
// would resolve the path in the new tmpfs), then the tmpfs goes read-only. Exit 97 = setup refused.
export const PRIVATE_TMP_SCRIPT = [
  'w=$1; shift',
  `for d in ${SHARED_WRITABLE_DIRS.join(' ')}; do`,
  '  [ -d "$d" ] || continue',
  '  case "$w/" in',
  '    "$d"/*) mount -t tmpfs -o size=16k,mode=755,nosuid,nodev tmpfs "$d" && mkdir -p -- "$w" &&',
  '      mount --no-canonicalize --bind /proc/self/cwd "$w" && mount -o remount,ro,size=16k,nosuid,nodev tmpfs "$d" || exit 97 ;;',
  '    *) mount -t tmpfs -o ro,size=16k,nosuid,nodev tmpfs "$d" || exit 97 ;;',
  '  esac',
  'done',
  'cd -- "$w" || exit 97',
  'exec "$@"',
].join('\n')

export function prlimitArgs(l: ChainLimits): string[] {
  return ['prlimit', `--nproc=${l.nproc}`, `--as=${l.asBytes}`, `--fsize=${l.fsizeBytes}`, `--cpu=${l.cpuSeconds}`, '--core=0', '--']
}

export function buildChain(plan: ChainPlan, command: string[]): string[] {
  const limited = [...prlimitArgs(plan.limits), ...command]
  if (!plan.root) return plan.netns ? ['unshare', '--map-root-user', '--net', '--', ...limited] : limited
  if (plan.uid === undefined) throw new Error('buildChain: a root plan needs the sandbox uid')
  const u = plan.uid
  const dropped = ['setpriv', `--reuid=${u}`, `--regid=${u}`, '--clear-groups', '--no-new-privs', '--', ...limited]
  const ns = [...(plan.netns ? ['--net'] : []), ...(plan.privateTmp ? ['--mount', '--propagation', 'private'] : [])]
  const tmp = plan.privateTmp ? ['/bin/sh', '-c', PRIVATE_TMP_SCRIPT, 'jarvis-sandbox', plan.workDir] : []
  return ns.length ? ['unshare', ...ns, '--', ...tmp, ...dropped] : dropped
}
