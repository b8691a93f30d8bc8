// What both runtimes share: names and labels of the containers we make, the exec timeout wrapper, and the
// one message for an image the runtime does not have.
import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'

export const DEFAULT_MAX_OUTPUT = 1 << 20

export const containerName = (): string => `jarvis-${randomBytes(6).toString('hex')}`

/** Who made a container: a leftover of a crashed run can be found (and removed) by these. */
export const containerLabels = (): Record<string, string> => ({ 'jarvis-evals': '1', 'jarvis-evals.host': hostname(), 'jarvis-evals.pid': String(process.pid) })

/**
 * GNU/busybox `timeout -s KILL`: it puts the command in a process group of its own and kills the whole group
 * at the deadline, inside the container, so nothing the command started keeps running. Whole seconds, since
 * busybox's timeout takes no fractions.
 */
export const timeoutWrapped = (cmd: string[], timeoutMs: number): string[] => ['timeout', '-s', 'KILL', String(Math.max(1, Math.ceil(timeoutMs / 1000))), ...cmd]

/** KILL from `timeout` exits 137 (128 + 9); 124 when a TERM was enough. */
export const wasTimedOut = (exitCode: number | null, elapsedMs: number, timeoutMs: number): boolean => (exitCode === 137 || exitCode === 124) && elapsedMs >= timeoutMs - 50

export const imageMissingMessage = (ref: string, where: string): string =>
  `image ${ref} is not on this container runtime (${where}); run docker pull ${ref} (or docker load -i <file>), or pass --pull.`
