// Unprivileged uids for sandboxes, leased across every process on the machine (as root only).
//
// Why not everyone as `nobody` (65534): RLIMIT_NPROC counts per uid, so concurrent sandboxes would share
// one process budget (a fork loop in one starves the others), could signal each other's processes, and a
// leftover process could not be swept by uid without hitting system daemons that also run as nobody.
// A uid of its own per call fixes all three, but only if no other process hands out the same uid: Vitest
// workers, two CLI runs and the harness's own tests all run sandboxes at once. So a uid is held by a lease:
// a listening Unix socket in the abstract namespace named for the uid. Binding is exclusive machine-wide
// (per network namespace), and the kernel drops it the moment its process dies, even on kill -9: no stale
// lock file to guess about. uids are tried in random order, and a freshly leased uid is emptied (every
// process still running as it is killed) and checked empty before use; one that cannot be emptied is not used.
//
// The uids need no /etc/passwd entry (setpriv takes numbers); ones that do have an entry are skipped.
// Range: JARVIS_SANDBOX_UIDS="61000-61031" (the default).
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { JarvisError } from '../core/errors.ts'

export const DEFAULT_UID_RANGE = '61000-61031'
const LEASE_PREFIX = 'jarvis-sandbox-uid-'

export function parseUidRange(spec: string): number[] {
  const m = /^\s*(\d+)\s*-\s*(\d+)\s*$/.exec(spec)
  const lo = Number(m?.[1])
  const hi = Number(m?.[2])
  if (!m || lo < 1000 || hi < lo || hi - lo > 1023 || hi >= 65534) {
    throw new JarvisError(
      'JARVIS_BAD_OPTION',
      `JARVIS_SANDBOX_UIDS="${spec}" is not a uid range. Set it like "${DEFAULT_UID_RANGE}" (unused uids between 1000 and 65533, at most 1024 of them) or unset it.`,
    )
  }
  return Array.from({ length: hi - lo + 1 }, (_, i) => lo + i)
}

function uidsInPasswd(): Set<number> {
  try {
    return new Set(readFileSync('/etc/passwd', 'utf8').split('\n').map((l) => Number(l.split(':')[2])).filter(Number.isInteger))
  } catch {
    return new Set()
  }
}

/** Binds the lease socket of `uid`; null when another process (or this one) holds it. */
function tryLease(uid: number): Promise<Server | null> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(null))
    server.listen(`\0${LEASE_PREFIX}${uid}`, () => resolve(server.unref()))
  })
}

export interface UidPoolOptions {
  /** Empties a freshly leased uid; false = it still runs something, do not use it. */
  prepare?: (uid: number) => Promise<boolean>
  /** How often to look again while every uid is leased by other processes. */
  pollMs?: number
}

export class UidPool {
  private readonly uids: number[]
  private readonly held = new Map<number, Server>()
  /** Leased by this process but not usable (something of it would not die): kept so nobody uses it. */
  private readonly quarantined = new Set<number>()
  private readonly waiting: ((lease: { uid: number; server: Server }) => void)[] = []

  constructor(
    uids: number[],
    private readonly opts: UidPoolOptions = {},
  ) {
    const taken = uidsInPasswd()
    this.uids = uids.filter((u) => !taken.has(u))
    if (this.uids.length === 0) throw new JarvisError('JARVIS_BAD_OPTION', `No free sandbox uid in ${uids[0]}-${uids.at(-1)}: all are in /etc/passwd. Set JARVIS_SANDBOX_UIDS to an unused range.`)
  }

  get size(): number {
    return this.uids.length
  }

  /** A uid no process on this machine holds, emptied; waits while all are in use (FIFO within this process). */
  async acquire(signal?: AbortSignal): Promise<number> {
    for (let round = 0; ; round++) {
      signal?.throwIfAborted()
      const candidates = shuffle(this.uids.filter((u) => !this.held.has(u)))
      for (const uid of candidates) {
        const server = await tryLease(uid)
        if (!server) continue
        if (this.opts.prepare && !(await this.opts.prepare(uid))) {
          this.held.set(uid, server)
          this.quarantined.add(uid)
          continue
        }
        this.held.set(uid, server)
        return uid
      }
      // Every uid is taken: by this process (a release hands its lease straight to the first waiter) or by others
      // (look again shortly).
      const lease = await this.wait(signal, (this.opts.pollMs ?? 50) * Math.min(8, 1 + round))
      if (lease) {
        this.held.set(lease.uid, lease.server)
        return lease.uid
      }
    }
  }

  release(uid: number): void {
    const server = this.held.get(uid)
    if (!server || this.quarantined.has(uid)) return
    this.held.delete(uid)
    const next = this.waiting.shift()
    if (next) next({ uid, server })
    else server.close()
  }

  private wait(signal: AbortSignal | undefined, ms: number): Promise<{ uid: number; server: Server } | null> {
    return new Promise((resolve) => {
      const done = (lease: { uid: number; server: Server } | null) => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', onAbort)
        const i = this.waiting.indexOf(take)
        if (i >= 0) this.waiting.splice(i, 1)
        resolve(lease)
      }
      const take = (lease: { uid: number; server: Server }) => done(lease)
      const onAbort = () => done(null)
      const timer = setTimeout(() => done(null), ms)
      signal?.addEventListener('abort', onAbort, { once: true })
      this.waiting.push(take)
    })
  }
}

function shuffle<T>(xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[xs[i], xs[j]] = [xs[j], xs[i]]
  }
  return xs
}

export function uidPoolFromEnv(env: Record<string, string | undefined> = process.env, opts: UidPoolOptions = {}): UidPool {
  return new UidPool(parseUidRange(env.JARVIS_SANDBOX_UIDS?.trim() || DEFAULT_UID_RANGE), opts)
}
