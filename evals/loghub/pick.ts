// Which sessions a run reads, chosen before the log is: the k items with the smallest hash of (seed, id), kept
// in a bounded max-heap while the ids stream by. A seeded uniform sample in O(k) memory, the same in every
// process that loads it (the CLI's preflight and each Vitest worker), whatever the order of the file.
//
//   new SmallestK(k)  .offer(id, value?) → evicted value | undefined   .has(id)   .items()
//   rank(seed, id): number     a 53-bit hash in [0, 1)
import { createHash } from 'node:crypto'

export function rank(seed: number, id: string): number {
  const d = createHash('sha1').update(`${seed}:${id}`).digest()
  return (d.readUInt32BE(0) * 2 ** 21 + (d.readUInt32BE(4) >>> 11)) / 2 ** 53
}

interface Entry<T> {
  id: string
  key: number
  value: T
}

export class SmallestK<T = undefined> {
  private heap: Entry<T>[] = []
  private ids = new Map<string, Entry<T>>()
  constructor(
    private readonly k: number,
    private readonly seed: number,
  ) {}

  has(id: string): boolean {
    return this.ids.has(id)
  }

  /** Keeps `id` if it ranks among the k smallest so far; returns whether it is kept. */
  offer(id: string, value: T): boolean {
    if (this.k <= 0 || this.ids.has(id)) return this.ids.has(id)
    const key = rank(this.seed, id)
    const e = { id, key, value }
    if (this.heap.length < this.k) {
      this.heap.push(e)
      this.ids.set(id, e)
      this.up(this.heap.length - 1)
      return true
    }
    const top = this.heap[0]
    if (!(key < top.key || (key === top.key && id < top.id))) return false
    this.ids.delete(top.id)
    this.heap[0] = e
    this.ids.set(id, e)
    this.down(0)
    return true
  }

  items(): { id: string; value: T }[] {
    return [...this.heap].sort((a, b) => a.key - b.key || (a.id < b.id ? -1 : 1)).map(({ id, value }) => ({ id, value }))
  }

  private greater(i: number, j: number): boolean {
    const a = this.heap[i]
    const b = this.heap[j]
    return a.key > b.key || (a.key === b.key && a.id > b.id)
  }

  private swap(i: number, j: number) {
    ;[this.heap[i], this.heap[j]] = [this.heap[j], this.heap[i]]
  }

  private up(i: number) {
    while (i > 0) {
      const p = (i - 1) >> 1
      if (!this.greater(i, p)) return
      this.swap(i, p)
      i = p
    }
  }

  private down(i: number) {
    for (;;) {
      const l = 2 * i + 1
      const r = l + 1
      let m = i
      if (l < this.heap.length && this.greater(l, m)) m = l
      if (r < this.heap.length && this.greater(r, m)) m = r
      if (m === i) return
      this.swap(i, m)
      i = m
    }
  }
}
