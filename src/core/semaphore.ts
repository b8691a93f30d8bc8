/** Bounds work in flight (Vitest 4's maxConcurrency does not bound requests across hooks, files or workers). */
export class Semaphore {
  private active = 0
  private readonly waiting: (() => void)[] = []
  maxSeen = 0
  constructor(readonly limit: number) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active < this.limit) this.active++
    // A released slot is handed straight to the next waiter, so a newcomer can never jump the queue.
    else await new Promise<void>((r) => this.waiting.push(r))
    if (this.active > this.maxSeen) this.maxSeen = this.active
    try {
      return await fn()
    } finally {
      const next = this.waiting.shift()
      if (next) next()
      else this.active--
    }
  }
}
