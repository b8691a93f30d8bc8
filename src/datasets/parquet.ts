// Parquet files → row objects, with hyparquet (pure JS, no native build).
//
//   readParquetRows(path): Promise<Row[]>
//   toJsonFriendly(value): unknown   (BigInt → number when safe, else decimal string; recursive)
//
// hyparquet decodes INT64 columns (MMLU-Pro's question_id, answer_index) as BigInt, which JSON.stringify
// rejects and `===` against a number never matches, so rows are normalised before anyone sees them.
// hyparquet ships SNAPPY only; GZIP and BROTLI are added from node:zlib. ZSTD would need hyparquet-compressors.
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { asyncBufferFromFile, parquetReadObjects } from 'hyparquet'
import { JarvisError } from '../core/errors.ts'

export type Row = Record<string, unknown>

const compressors = {
  GZIP: (input: Uint8Array) => new Uint8Array(gunzipSync(input)),
  BROTLI: (input: Uint8Array) => new Uint8Array(brotliDecompressSync(input)),
}

export async function readParquetRows(path: string): Promise<Row[]> {
  let rows: Row[]
  try {
    rows = await parquetReadObjects({ file: await asyncBufferFromFile(path), compressors })
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e)
    const hint = /compression codec/.test(why) ? ' Re-save it with SNAPPY, GZIP or BROTLI compression.' : ' Check that it is a complete parquet file (delete it from the cache to download it again).'
    throw new JarvisError('JARVIS_DATASET', `${path}: cannot read parquet (${why}).${hint}`)
  }
  return rows.map((r) => toJsonFriendly(r) as Row)
}

export function toJsonFriendly(value: unknown): unknown {
  if (typeof value === 'bigint') {
    const n = Number(value)
    return Number.isSafeInteger(n) ? n : value.toString()
  }
  if (Array.isArray(value)) return value.map(toJsonFriendly)
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Row = {}
    for (const [k, v] of Object.entries(value)) out[k] = toJsonFriendly(v)
    return out
  }
  return value
}
