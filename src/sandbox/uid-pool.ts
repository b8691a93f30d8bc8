// A small pool of unprivileged uids, one per running sandbox (as root only).
//
// Why not everyone as `nobody` (65534): RLIMIT_NPROC counts per uid, so concurrent sandboxes would share
// one process budget (a fork loop in one starves the others), could signal each other's processes, and a
// leftover process could not be swept by uid without hitting system daemons that also run as nobody.
// A uid of its own per call fixes all three. The uids need no /etc/passwd entry (setpriv takes numbers);
// ones that do have an entry are skipped. Range: JARVIS_SANDBOX_UIDS="61000-61031" (the default).
import { readFileSync } from 'node:fs'
import { JarvisError } from '../core/errors.ts'

export const DEFAULT_UID_RANGE = '61000-61031'

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

export class UidPool {
  private readonly free: number[]
  private readonly waiting: ((uid: number) => void)[] = []

  constructor(uids: number[]) {
    const taken = uidsInPasswd()
    this.free = uids.filter((u) => !taken.has(u))
    if (this.free.length === 0) throw new JarvisError('JARVIS_BAD_OPTION', `No free sandbox uid in ${uids[0]}-${uids.at(-1)}: all are in /etc/passwd. Set JARVIS_SANDBOX_UIDS to an unused range.`)
  }

  get size(): number {
    return this.free.length
  }

  /** A uid nobody else holds; waits (FIFO) while all are in use. */
  acquire(): Promise<number> {
    const uid = this.free.shift()
    if (uid !== undefined) return Promise.resolve(uid)
    return new Promise((resolve) => this.waiting.push(resolve))
  }

  release(uid: number): void {
    const next = this.waiting.shift()
    if (next) next(uid)
    else this.free.push(uid)
  }
}

export function uidPoolFromEnv(env: Record<string, string | undefined> = process.env): UidPool {
  return new UidPool(parseUidRange(env.JARVIS_SANDBOX_UIDS?.trim() || DEFAULT_UID_RANGE))
}
