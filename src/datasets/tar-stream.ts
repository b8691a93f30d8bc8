// A tar archive (gzipped or not) read as a stream: the chosen entries' bytes, without extracting anything to disk
// and without holding the archive in memory. DeepPlanning ships its cases as database_level{1,2,3}.tar.gz.
//
//   readTarFile(path, want?): AsyncGenerator<StreamedEntry>     gzip is told by its magic bytes
//   tarEntries(chunks, want?): AsyncGenerator<StreamedEntry>    from any byte stream
//
// Only regular files are yielded; an entry `want` refuses is skipped as it streams by (its bytes are never
// kept). ustar, PAX and GNU long names are read with the header pieces of src/containers/tar.ts.
import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { createGunzip } from 'node:zlib'
import { entryName, longNameOf, paddedSize, paxFields, readTarHeader } from '../containers/tar.ts'
import { JarvisError } from '../core/errors.ts'

export interface StreamedEntry {
  path: string
  size: number
  data: Buffer
}

const BLOCK = 512
/** An entry bigger than this is refused rather than buffered (a dataset member is never this big). */
const MAX_ENTRY = 512 * 1024 * 1024

/** Bytes arriving in chunks, taken out in exact amounts. */
class ByteQueue {
  private chunks: Buffer[] = []
  length = 0
  push(b: Buffer) {
    if (b.length) (this.chunks.push(b), (this.length += b.length))
  }
  /** Removes `n` bytes (n ≤ length); returns them when `keep`, else drops them. */
  take(n: number, keep = true): Buffer | null {
    const parts: Buffer[] = []
    let left = n
    while (left > 0) {
      const c = this.chunks[0]
      if (c.length <= left) {
        if (keep) parts.push(c)
        this.chunks.shift()
        left -= c.length
      } else {
        if (keep) parts.push(c.subarray(0, left))
        this.chunks[0] = c.subarray(left)
        left = 0
      }
    }
    this.length -= n
    return keep ? (parts.length === 1 ? parts[0] : Buffer.concat(parts)) : null
  }
}

export async function* tarEntries(chunks: AsyncIterable<Buffer | string>, want: (path: string) => boolean = () => true): AsyncGenerator<StreamedEntry> {
  const q = new ByteQueue()
  let pax: Record<string, string> = {}
  let longName: string | null = null
  // What the next bytes are: a header, or the data of the entry just announced.
  let pending: { path: string; type: string; size: number; keep: boolean; skip: number } | null = null
  for await (const chunk of chunks) {
    q.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
    for (;;) {
      if (!pending) {
        if (q.length < BLOCK) break
        const h = readTarHeader(q.take(BLOCK)!)
        if (!h) return
        const size = pax.size ? Number(pax.size) : h.size
        const meta = h.type === 'x' || h.type === 'g' || h.type === 'L'
        const path = meta ? '' : entryName(h, pax, longName).replace(/^(\.\/)+/, '')
        const regular = h.type === '0' || h.type === '7' || h.type === '\0'
        const keep = meta ? h.type !== 'g' : regular && want(path)
        if (keep && size > MAX_ENTRY) throw new JarvisError('JARVIS_DATASET', `tar entry ${path} is ${size} bytes, over the ${MAX_ENTRY}-byte limit for one member.`)
        pending = { path, type: h.type, size, keep, skip: paddedSize(size) - size }
        if (!meta) (pax = {}), (longName = null)
      }
      if (q.length < pending.size + pending.skip) {
        if (pending.keep) break
        // an unwanted entry: drop what has come so far, never hold it
        const n = Math.min(q.length, pending.size)
        q.take(n, false)
        pending.size -= n
        if (pending.size > 0) break
        const pad = Math.min(q.length, pending.skip)
        q.take(pad, false)
        pending.skip -= pad
        if (pending.skip > 0) break
        pending = null
        continue
      }
      const data = q.take(pending.size, pending.keep) ?? Buffer.alloc(0)
      q.take(pending.skip, false)
      const p = pending
      pending = null
      if (!p.keep) continue
      if (p.type === 'x') pax = { ...pax, ...paxFields(data) }
      else if (p.type === 'L') longName = longNameOf(data)
      else yield { path: p.path, size: p.size, data }
    }
  }
  if (pending) throw new JarvisError('JARVIS_DATASET', `tar archive ends in the middle of ${pending.path || 'a header'}: the file is truncated (delete it from the cache and download it again).`)
}

/** A .tar or .tar.gz file's chosen entries, streamed. */
export async function* readTarFile(path: string, want?: (path: string) => boolean): AsyncGenerator<StreamedEntry> {
  const fh = await open(path, 'r')
  const magic = Buffer.alloc(2)
  try {
    await fh.read(magic, 0, 2, 0)
  } finally {
    await fh.close()
  }
  const file = createReadStream(path, { highWaterMark: 1 << 20 })
  const gz = magic[0] === 0x1f && magic[1] === 0x8b
  const stream = gz ? file.pipe(createGunzip()) : file
  try {
    yield* tarEntries(stream as AsyncIterable<Buffer>, want)
  } catch (e) {
    if (e instanceof JarvisError) throw e
    throw new JarvisError('JARVIS_DATASET', `${path}: cannot read the tar archive (${(e as Error).message}).`)
  } finally {
    file.destroy()
  }
}
