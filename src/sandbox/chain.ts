// The argv that wraps a sandboxed command: namespaces, then the uid drop, then rlimits, then the command.
// Each tool execs the next (reference/sandbox-notes.md: prlimit only binds an unprivileged uid; kill the
// group, not the pid).
//
//   as root:   setpriv --pdeathsig=KILL  unshare --net --ipc --pid --kill-child --mount-proc --mount …
//                sh -c SANDBOX_INIT W U BYTES   setpriv --reuid=U …  prlimit …  cmd
//   non-root:  setpriv --pdeathsig=KILL  [unshare --map-root-user --net]  prlimit …  cmd
//
// As root the shell is PID 1 of the sandbox's own PID namespace and stays as root, waiting for the command:
// when it exits, or is killed, the kernel kills every process left in the namespace (a setsid() double
// fork, a zombie leader's live threads) and the IPC namespace with its SysV shared memory goes with it.
// It keeps the parent-death signal `unshare --kill-child` gives it (the command's uid drop would clear
// its own), so the whole sandbox dies with the harness process that started it, even on kill -9.

export interface ChainLimits {
  nproc: number
  asBytes: number
  fsizeBytes: number
  cpuSeconds: number
}

export interface ChainPlan {
  /** The harness runs as root: drop to `uid` and use real namespaces. */
  root: boolean
  /** The leased sandbox uid (root only). */
  uid?: number
  /** New network namespace: no interface, not even loopback. */
  netns: boolean
  /** Root only: a mount namespace with read-only empty tmpfs over the world-writable dirs and a capped work dir. */
  privateTmp: boolean
  /** Root only, with privateTmp: its own PID namespace (and /proc showing only its own processes). */
  pidns?: boolean
  /** Root only: its own System V IPC namespace. */
  ipcns?: boolean
  /** Absolute, symlink-free working directory. */
  workDir: string
  /** Size of the tmpfs the program sees as its working directory (privateTmp only). */
  workDirBytes?: number
  limits: ChainLimits
}

/** World-writable directories on Debian/Ubuntu; each becomes an empty read-only tmpfs inside the sandbox. */
export const SHARED_WRITABLE_DIRS = ['/tmp', '/var/tmp', '/dev/shm', '/run/lock'] as const

/** Files the program may create in its work dir, whatever their size (tmpfs inodes cost memory). */
export const WORK_DIR_INODES = 16384

// Runs as root inside the new mount namespace, with the original work dir as its cwd. The shared dir holding
// the work dir gets a small tmpfs with the work dir's path in it; every other shared dir an empty read-only
// one. The work dir becomes a tmpfs of BYTES owned by U, filled with a copy of the original (reached through
// /proc/self/cwd, which the new mounts do not hide); then the small tmpfs goes read-only. Exit 97 = setup
// refused. The command runs as a child, not exec'd: see the header.
export const SANDBOX_INIT = [
  'w=$1 u=$2 cap=$3; shift 3',
  'parent=',
  `for d in ${SHARED_WRITABLE_DIRS.join(' ')}; do`,
  '  [ -d "$d" ] || continue',
  '  case "$w/" in',
  '    "$d"/*) mount -t tmpfs -o size=16k,mode=755,nosuid,nodev tmpfs "$d" && mkdir -p -- "$w" || exit 97; parent=$d ;;',
  '    *) mount -t tmpfs -o ro,size=16k,nosuid,nodev tmpfs "$d" || exit 97 ;;',
  '  esac',
  'done',
  `mount -t tmpfs -o "size=$cap,nr_inodes=${WORK_DIR_INODES},mode=700,uid=$u,gid=$u,nosuid,nodev" tmpfs "$w" || exit 97`,
  'cp -pR /proc/self/cwd/. "$w"/ || exit 97',
  'if [ -n "$parent" ]; then mount -o remount,ro,size=16k,nosuid,nodev tmpfs "$parent" || exit 97; fi',
  'cd -- "$w" || exit 97',
  '"$@"',
  'exit $?',
].join('\n')

export function prlimitArgs(l: ChainLimits): string[] {
  return ['prlimit', `--nproc=${l.nproc}`, `--as=${l.asBytes}`, `--fsize=${l.fsizeBytes}`, `--cpu=${l.cpuSeconds}`, '--core=0', '--']
}

/** The harness dies → the chain gets SIGKILL (kept across exec, lost on a uid change: set it before any). */
const PDEATHSIG = ['setpriv', '--pdeathsig=KILL', '--']

export function buildChain(plan: ChainPlan, command: string[]): string[] {
  const limited = [...prlimitArgs(plan.limits), ...command]
  if (!plan.root) return [...PDEATHSIG, ...(plan.netns ? ['unshare', '--map-root-user', '--net', '--'] : []), ...limited]
  if (plan.uid === undefined) throw new Error('buildChain: a root plan needs the sandbox uid')
  const u = plan.uid
  const dropped = ['setpriv', `--reuid=${u}`, `--regid=${u}`, '--clear-groups', '--no-new-privs', '--', ...limited]
  const pidns = plan.privateTmp && plan.pidns
  const ns = [
    ...(plan.netns ? ['--net'] : []),
    ...(plan.ipcns ? ['--ipc'] : []),
    ...(pidns ? ['--pid', '--kill-child', '--mount-proc'] : []),
    ...(plan.privateTmp ? ['--mount', '--propagation', 'private'] : []),
  ]
  if (!ns.length) return dropped
  const init = plan.privateTmp ? ['/bin/sh', '-c', SANDBOX_INIT, 'jarvis-sandbox', plan.workDir, String(u), String(Math.floor(plan.workDirBytes ?? 64 * 1024 ** 2))] : []
  return [...PDEATHSIG, 'unshare', ...ns, '--', ...init, ...dropped]
}
