// Reads a Python pickle whose whole value is one `str`, in Node, and refuses anything else.
//
//   unpickleString(bytes: Uint8Array): string
//
// LiveCodeBench's lite dataset stores private tests as base64(zlib(pickle.dumps(json_string))). Only the
// opcodes pickle.dumps emits for a single str (protocols 2–5) are understood; any other opcode throws, so
// no pickle is ever *executed* (a real unpickler would run arbitrary callables named in the data).
// Why not a python3 helper: one more process per sample, and the same rule would be needed there anyway.

export class PickleError extends Error {
  override name = 'PickleError'
}

const LE = (b: Uint8Array, at: number, n: number): number => {
  let v = 0
  for (let i = n - 1; i >= 0; i--) v = v * 256 + b[at + i]
  return v
}

export function unpickleString(b: Uint8Array): string {
  const dec = new TextDecoder('utf-8', { fatal: true })
  let i = 0
  let value: string | undefined
  const need = (n: number) => {
    if (i + n > b.length) throw new PickleError(`pickle ends early at byte ${i}`)
  }
  const readStr = (lenBytes: number) => {
    need(lenBytes)
    const len = LE(b, i, lenBytes)
    i += lenBytes
    need(len)
    if (value !== undefined) throw new PickleError('pickle holds more than one value')
    value = dec.decode(b.subarray(i, i + len))
    i += len
  }
  while (i < b.length) {
    const op = b[i++]
    switch (op) {
      case 0x80: // PROTO n
        need(1)
        i += 1
        break
      case 0x95: // FRAME (8-byte length): framing only
        need(8)
        i += 8
        break
      case 0x8c: // SHORT_BINUNICODE
        readStr(1)
        break
      case 0x58: // BINUNICODE
        readStr(4)
        break
      case 0x8d: // BINUNICODE8
        readStr(8)
        break
      case 0x94: // MEMOIZE
        break
      case 0x71: // BINPUT
        need(1)
        i += 1
        break
      case 0x72: // LONG_BINPUT
        need(4)
        i += 4
        break
      case 0x2e: // STOP
        if (value === undefined) throw new PickleError('pickle holds no str')
        return value
      default:
        throw new PickleError(`pickle opcode 0x${op.toString(16)} at byte ${i - 1} is not part of a pickled str`)
    }
  }
  throw new PickleError('pickle has no STOP opcode')
}
