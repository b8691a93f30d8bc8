// The little tar the Docker archive endpoint needs: write regular files (ustar, a PAX header for long paths)
// and read what the engine sends back (ustar, PAX and GNU long names). Files only, no directory entries: an
// extracted directory entry would chmod/chown an existing folder such as /tmp, while the engine creates
// missing parents of a file on its own.
//
//   packTar(files): Buffer           files: { path (relative, no leading /), content, mode? }
//   unpackTar(buf): TarEntry[]
//   readTarHeader(block), paxFields(data), entryName(header, pax, longName)   the pieces a streaming reader
//                                    (src/datasets/tar-stream.ts) shares

export interface TarFile {
  path: string
  content: string | Uint8Array
  mode?: number
}

export interface TarEntry {
  path: string
  /** '0' file, '2' symlink, '5' directory, … (POSIX typeflag). */
  type: string
  mode: number
  data: Buffer
  linkname: string
}

const BLOCK = 512

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`
}

function header(name: string, size: number, mode: number, type: string): Buffer {
  const h = Buffer.alloc(BLOCK)
  h.write(name, 0, 100, 'utf8')
  h.write(octal(mode & 0o7777, 8), 100, 'ascii')
  h.write(octal(0, 8), 108, 'ascii')
  h.write(octal(0, 8), 116, 'ascii')
  h.write(octal(size, 12), 124, 'ascii')
  h.write(octal(Math.floor(Date.now() / 1000), 12), 136, 'ascii')
  h.write('        ', 148, 'ascii')
  h.write(type, 156, 'ascii')
  h.write('ustar\0', 257, 'ascii')
  h.write('00', 263, 'ascii')
  h.write('root', 265, 'ascii')
  h.write('root', 297, 'ascii')
  let sum = 0
  for (const b of h) sum += b
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii')
  return h
}

const pad = (n: number) => Buffer.alloc((BLOCK - (n % BLOCK)) % BLOCK)

/** A PAX record "<len> path=<value>\n", where len counts the whole record including its own digits. */
function paxRecord(key: string, value: string): Buffer {
  const body = ` ${key}=${value}\n`
  let len = Buffer.byteLength(body) + 1
  while (String(len).length + Buffer.byteLength(body) !== len) len = String(len).length + Buffer.byteLength(body)
  return Buffer.from(`${len}${body}`)
}

export function packTar(files: TarFile[]): Buffer {
  const parts: Buffer[] = []
  for (const f of files) {
    const path = f.path.replace(/^\/+/, '')
    if (!path || path.split('/').includes('..')) throw new Error(`tar: bad path ${JSON.stringify(f.path)}`)
    const data = typeof f.content === 'string' ? Buffer.from(f.content) : Buffer.from(f.content)
    if (Buffer.byteLength(path) > 99) {
      const pax = paxRecord('path', path)
      parts.push(header('PaxHeader', pax.length, 0o644, 'x'), pax, pad(pax.length))
    }
    parts.push(header(path.slice(0, 99), data.length, f.mode ?? 0o644, '0'), data, pad(data.length))
  }
  parts.push(Buffer.alloc(BLOCK * 2))
  return Buffer.concat(parts)
}

const cstr = (b: Buffer, start: number, len: number) => {
  const s = b.subarray(start, start + len)
  const end = s.indexOf(0)
  return s.subarray(0, end < 0 ? s.length : end).toString('utf8')
}

function num(b: Buffer, start: number, len: number): number {
  const f = b.subarray(start, start + len)
  if (f[0] & 0x80) {
    // GNU base-256 for sizes past 8 GiB
    let n = 0
    for (let i = 1; i < f.length; i++) n = n * 256 + f[i]
    return n
  }
  const s = cstr(b, start, len).trim()
  return s ? parseInt(s, 8) : 0
}

export function paxFields(data: Buffer): Record<string, string> {
  const out: Record<string, string> = {}
  let i = 0
  while (i < data.length) {
    const sp = data.indexOf(0x20, i)
    if (sp < 0) break
    const len = parseInt(data.subarray(i, sp).toString('ascii'), 10)
    if (!len) break
    const rec = data.subarray(sp + 1, i + len - 1).toString('utf8')
    const eq = rec.indexOf('=')
    if (eq > 0) out[rec.slice(0, eq)] = rec.slice(eq + 1)
    i += len
  }
  return out
}

export interface TarHeader {
  /** The header's own name (ustar prefix joined); a PAX or GNU long name overrides it (entryName). */
  name: string
  type: string
  size: number
  mode: number
  linkname: string
}

/** One 512-byte header block; null for the all-zero block that ends the archive. */
export function readTarHeader(h: Buffer): TarHeader | null {
  if (h.every((b) => b === 0)) return null
  const prefix = cstr(h, 257, 6).startsWith('ustar') ? cstr(h, 345, 155) : ''
  return {
    name: prefix ? `${prefix}/${cstr(h, 0, 100)}` : cstr(h, 0, 100),
    type: String.fromCharCode(h[156] || 0x30),
    size: num(h, 124, 12),
    mode: num(h, 100, 8),
    linkname: cstr(h, 157, 100),
  }
}

/** The entry's path: a PAX `path`, else a GNU long name, else the header's. */
export const entryName = (h: TarHeader, pax: Record<string, string>, longName: string | null): string => pax.path ?? longName ?? h.name

/** Bytes of data plus padding to the next block. */
export const paddedSize = (size: number): number => size + ((BLOCK - (size % BLOCK)) % BLOCK)

export const longNameOf = (data: Buffer): string => cstr(data, 0, data.length)

export function unpackTar(buf: Buffer): TarEntry[] {
  const out: TarEntry[] = []
  let off = 0
  let pax: Record<string, string> = {}
  let longName: string | null = null
  while (off + BLOCK <= buf.length) {
    const h = readTarHeader(buf.subarray(off, off + BLOCK))
    if (!h) break
    const size = pax.size ? Number(pax.size) : h.size
    const data = buf.subarray(off + BLOCK, off + BLOCK + size)
    off += BLOCK + paddedSize(size)
    if (h.type === 'x') {
      pax = { ...pax, ...paxFields(data) }
      continue
    }
    if (h.type === 'g') continue
    if (h.type === 'L') {
      longName = longNameOf(data)
      continue
    }
    out.push({ path: entryName(h, pax, longName), type: h.type, mode: h.mode, data: Buffer.from(data), linkname: pax.linkpath ?? h.linkname })
    pax = {}
    longName = null
  }
  return out
}
