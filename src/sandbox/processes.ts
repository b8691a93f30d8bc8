// Process bookkeeping by /proc: kill a sandbox's process group, kill everything a leased uid runs, count a
// uid's tasks. It only ever targets a leased sandbox uid, which nothing but this sandbox runs as (uid-pool.ts).
//
// Why not "every process of the uid that is not a zombie": a program that ends its main thread with
// pthread_exit() while another thread runs shows as a zombie leader (State Z, Threads 2) and is still
// running. A task counts as gone only when it is a zombie with no thread left.
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

/** SIGKILL the whole process group led by `pid`; a group that is already gone is fine. */
export function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    // ESRCH: every member has exited.
  }
}

export interface Task {
  pid: number
  uid: number
  threads: number
  /** The leader has exited. With threads > 1 the rest of the group still runs; with 1 it waits to be reaped. */
  zombie: boolean
}

/** Still running something: a live leader, or a zombie leader whose other threads run on. */
export const isLive = (t: Task): boolean => !t.zombie || t.threads > 1

export function listTasks(): Task[] {
  const out: Task[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const status = readFileSync(`/proc/${name}/status`, 'utf8')
      const uid = Number(/^Uid:\s+(\d+)/m.exec(status)?.[1])
      const threads = Number(/^Threads:\s+(\d+)/m.exec(status)?.[1] ?? 1)
      const zombie = /^State:\s+[ZX]/m.test(status)
      out.push({ pid: Number(name), uid, threads, zombie })
    } catch {
      // The process exited while we looked.
    }
  }
  return out
}

/** Tasks of `uid` that still run (see isLive). */
export const liveTasks = (uid: number): Task[] => listTasks().filter((t) => t.uid === uid && isLive(t) && t.pid !== process.pid)

/**
 * `kill -9 -1` as `uid`: the kernel signals every process of the uid in one pass under the tasklist lock, so a
 * fork loop cannot slip a child past it, and zombie leaders' live threads die with their group.
 */
function killAllAs(uid: number): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn('/bin/kill', ['-9', '-1'], { uid, gid: uid, stdio: 'ignore', env: { PATH: '/usr/bin:/bin' } })
    child.on('error', () => resolve()) // no /bin/kill: the per-pid pass below still runs
    child.on('close', () => resolve())
  })
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Kills every process of `uid` (root only) until none runs; true when the uid is empty of running tasks.
 * Reaped-pending zombies may remain: they run nothing (they still count for RLIMIT_NPROC, see countTasks).
 */
export async function killUid(uid: number, rounds = 20): Promise<boolean> {
  for (let i = 0; i < rounds; i++) {
    const live = liveTasks(uid)
    if (live.length === 0) return true
    await killAllAs(uid)
    for (const t of live) {
      try {
        process.kill(t.pid, 'SIGKILL') // on a zombie leader this reaches the group's live threads
      } catch {
        // Already gone.
      }
    }
    await sleep(5 * (i + 1))
  }
  return liveTasks(uid).length === 0
}

/** Tasks (threads included, as RLIMIT_NPROC counts them) that `uid` has now; zombies only if asked. */
export function countTasks(uid: number, { zombies = true } = {}): number {
  return listTasks()
    .filter((t) => t.uid === uid && (zombies || isLive(t)))
    .reduce((n, t) => n + t.threads, 0)
}

/** True while `pid` runs (a zombie has finished running, unless its other threads have not). */
export function isRunning(pid: number): boolean {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    return !/^State:\s+[ZX]/m.test(status) || Number(/^Threads:\s+(\d+)/m.exec(status)?.[1] ?? 1) > 1
  } catch {
    return false
  }
}
