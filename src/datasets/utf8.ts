// Text files must be UTF-8: a Latin-1 / Windows-1252 file read as UTF-8 turns every é into U+FFFD, silently,
// and the model is then asked garbled questions scored against garbled references. Refuse it in one line.
//
//   decodeUtf8(bytes, where): string    throws JarvisError naming the line and the byte
import { JarvisError } from '../core/errors.ts'

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false })

/** Offset of the first byte that does not start or continue a valid UTF-8 sequence. */
function firstInvalid(b: Uint8Array): number {
  for (let i = 0; i < b.length; ) {
    const c = b[i]
    const n = c < 0x80 ? 0 : c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : -1
    if (n < 0) return i
    for (let k = 1; k <= n; k++) if (i + k >= b.length || (b[i + k] & 0xc0) !== 0x80) return i
    i += n + 1
  }
  return -1
}

export function decodeUtf8(bytes: Uint8Array, where: string): string {
  try {
    return strict.decode(bytes)
  } catch {
    const at = Math.max(0, firstInvalid(bytes))
    let line = 1
    for (let i = 0; i < at; i++) if (bytes[i] === 0x0a) line++
    const byte = bytes[at]?.toString(16).toUpperCase().padStart(2, '0') ?? '??'
    const latin1 = bytes[at] !== undefined && bytes[at] >= 0xa0 ? ` (it looks like Latin-1 / Windows-1252: 0x${byte} is "${String.fromCharCode(bytes[at])}" there)` : ''
    throw new JarvisError(
      'JARVIS_DATASET',
      `${where}:${line}: not UTF-8: byte 0x${byte} at offset ${at}${latin1}. Save the file as UTF-8, e.g. iconv -f windows-1252 -t utf-8 in.csv > out.csv.`,
    )
  }
}
