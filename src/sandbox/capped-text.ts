// A byte-capped sink for a child's stdout/stderr: keeps the first `max` bytes, then refuses more.

export class CappedText {
  private readonly chunks: Buffer[] = []
  private size = 0
  truncated = false

  constructor(private readonly max: number) {}

  /** Keeps what fits; false once the cap is passed (the caller then kills the child). */
  push(chunk: Buffer): boolean {
    if (this.truncated) return false
    const room = this.max - this.size
    if (chunk.length > room) {
      if (room > 0) this.chunks.push(chunk.subarray(0, room))
      this.size = this.max
      this.truncated = true
      return false
    }
    this.chunks.push(chunk)
    this.size += chunk.length
    return true
  }

  text(): string {
    return Buffer.concat(this.chunks).toString('utf8')
  }
}
