// Process bookkeeping by /proc: kill a sandbox's process group, sweep a pooled uid clean, count a uid's tasks.
// The sweep catches what the group kill cannot: a child that called setsid() has left the group.
// It only ever targets a pooled sandbox uid, which nothing but sandboxes runs as (uid-pool.ts).
import { readdirSync, readFileSync } from 'node:fs'

/** SIGKILL the whole process group led by `pid`; a group that is already gone is fine. */
export function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    // ESRCH: every member has exited.
  }
}

interface Task {
  pid: number
  uid: number
  threads: number
  /** Exited, waiting to be reaped by init: cannot be killed, holds no memory, still counts for RLIMIT_NPROC. */
  zombie: boolean
}

function listTasks(): Task[] {
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

/** Kill every process whose real uid is `uid`, until none is left (a fork loop is refilled, so repeat). */
export async function sweepUid(uid: number, rounds = 20): Promise<number> {
  let killed = 0
  for (let i = 0; i < rounds; i++) {
    const victims = listTasks().filter((t) => t.uid === uid && !t.zombie && t.pid !== process.pid)
    if (victims.length === 0) return killed
    for (const v of victims) {
      try {
        process.kill(v.pid, 'SIGKILL')
        killed++
      } catch {
        // Already gone.
      }
    }
    await new Promise((r) => setTimeout(r, 10))
  }
  return killed
}

/** Tasks (threads included, as RLIMIT_NPROC counts them) that `uid` has now; zombies only if asked. */
export function countTasks(uid: number, { zombies = true } = {}): number {
  return listTasks()
    .filter((t) => t.uid === uid && (zombies || !t.zombie))
    .reduce((n, t) => n + t.threads, 0)
}

/** True while `pid` runs (a zombie has finished running). */
export function isRunning(pid: number): boolean {
  try {
    return !/^State:\s+[ZX]/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'))
  } catch {
    return false
  }
}
