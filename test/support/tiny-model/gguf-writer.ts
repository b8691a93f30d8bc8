// A minimal GGUF v3 encoder (metadata + F32 tensors), all little-endian.
// npm has GGUF parsers (@huggingface/gguf, node-llama-cpp's readGgufFileInfo) but no tensor writer (infer-lab §2).

export const GGUF_TYPE = { U32: 4, I32: 5, F32: 6, BOOL: 7, STRING: 8, ARRAY: 9 } as const

export type GgufScalarType = typeof GGUF_TYPE.U32 | typeof GGUF_TYPE.I32 | typeof GGUF_TYPE.F32 | typeof GGUF_TYPE.BOOL | typeof GGUF_TYPE.STRING
export type GgufValue =
  | { type: GgufScalarType; value: number | boolean | string }
  | { type: typeof GGUF_TYPE.ARRAY; elementType: GgufScalarType; values: ReadonlyArray<number | boolean | string> }

export interface GgufTensor {
  name: string
  /** ggml order: ne[0] is the length of a row. */
  ne: number[]
  data: Float32Array
}

export interface GgufFile {
  /** Key order is kept: it is part of the bytes. */
  metadata: Array<[string, GgufValue]>
  tensors: GgufTensor[]
  alignment: number
}

const GGML_TYPE_F32 = 0

class ByteSink {
  readonly chunks: Buffer[] = []
  size = 0
  push(b: Buffer): void {
    this.chunks.push(b)
    this.size += b.length
  }
  u32(v: number): void {
    const b = Buffer.alloc(4)
    b.writeUInt32LE(v)
    this.push(b)
  }
  i32(v: number): void {
    const b = Buffer.alloc(4)
    b.writeInt32LE(v)
    this.push(b)
  }
  u64(v: number): void {
    const b = Buffer.alloc(8)
    b.writeBigUInt64LE(BigInt(v))
    this.push(b)
  }
  f32(v: number): void {
    const b = Buffer.alloc(4)
    b.writeFloatLE(v)
    this.push(b)
  }
  str(v: string): void {
    const b = Buffer.from(v, 'utf8')
    this.u64(b.length)
    this.push(b)
  }
  pad(alignment: number): void {
    const p = (alignment - (this.size % alignment)) % alignment
    if (p) this.push(Buffer.alloc(p))
  }
  scalar(type: GgufScalarType, v: number | boolean | string): void {
    if (type === GGUF_TYPE.U32) return this.u32(v as number)
    if (type === GGUF_TYPE.I32) return this.i32(v as number)
    if (type === GGUF_TYPE.F32) return this.f32(v as number)
    if (type === GGUF_TYPE.BOOL) return this.push(Buffer.from([v ? 1 : 0]))
    return this.str(v as string)
  }
}

export function encodeGguf(file: GgufFile): Buffer {
  const { metadata, tensors, alignment } = file
  const out = new ByteSink()
  out.push(Buffer.from('GGUF', 'ascii'))
  out.u32(3)
  out.u64(tensors.length)
  out.u64(metadata.length)
  for (const [key, v] of metadata) {
    out.str(key)
    out.u32(v.type)
    if (v.type === GGUF_TYPE.ARRAY) {
      out.u32(v.elementType)
      out.u64(v.values.length)
      for (const x of v.values) out.scalar(v.elementType, x)
    } else out.scalar(v.type, v.value)
  }
  // Tensor offsets count from the start of the data section, each aligned.
  const offsets: number[] = []
  let off = 0
  for (const t of tensors) {
    if (t.data.length !== t.ne.reduce((a, b) => a * b, 1)) throw new Error(`tensor ${t.name}: data length does not match ne`)
    out.str(t.name)
    out.u32(t.ne.length)
    for (const d of t.ne) out.u64(d)
    out.u32(GGML_TYPE_F32)
    out.u64(off)
    offsets.push(off)
    off = Math.ceil((off + t.data.byteLength) / alignment) * alignment
  }
  out.pad(alignment)
  const dataStart = out.size
  tensors.forEach((t, i) => {
    if (out.size - dataStart !== offsets[i]) throw new Error(`tensor ${t.name}: offset mismatch`)
    // Float32Array bytes are in platform order; every platform llama.cpp prebuilds for is little-endian.
    out.push(Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength))
    out.pad(alignment)
  })
  return Buffer.concat(out.chunks)
}
