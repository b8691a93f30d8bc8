// The Engine API's multiplexed exec stream (Tty off): frames of [stream type, 0, 0, 0, size (uint32 BE)] then
// `size` bytes; type 1 is stdout, 2 stderr. Each stream keeps at most `cap` bytes; the rest is read and dropped
// (the command is never blocked on a full pipe, and its timeout still bounds it).

export class CappedBuffer {
  private readonly parts: Buffer[] = []
  private size = 0
  truncated = false
  constructor(private readonly cap: number) {}
  push(b: Buffer): void {
    const room = this.cap - this.size
    if (room <= 0) {
      if (b.length) this.truncated = true
      return
    }
    const kept = b.length > room ? b.subarray(0, room) : b
    if (kept.length < b.length) this.truncated = true
    this.parts.push(Buffer.from(kept))
    this.size += kept.length
  }
  value(): Buffer {
    return Buffer.concat(this.parts)
  }
}

export class StreamDemuxer {
  private pending: Buffer = Buffer.alloc(0)
  constructor(private readonly out: { stdout: CappedBuffer; stderr: CappedBuffer }) {}

  push(chunk: Buffer): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk
    while (this.pending.length >= 8) {
      const size = this.pending.readUInt32BE(4)
      if (this.pending.length < 8 + size) break
      const type = this.pending[0]
      const payload = this.pending.subarray(8, 8 + size)
      if (type === 2) this.out.stderr.push(payload)
      else this.out.stdout.push(payload)
      this.pending = this.pending.subarray(8 + size)
    }
  }
}

/** One frame, as the engine writes it (the stand-in engine in test/support uses this). */
export function muxFrame(stream: 1 | 2, payload: Buffer): Buffer {
  const h = Buffer.alloc(8)
  h[0] = stream
  h.writeUInt32BE(payload.length, 4)
  return Buffer.concat([h, payload])
}
