// One table file on disk → row objects, by format. Used by the Hub loader and by custom local-file benchmarks.
//
//   readTableFile(path, format?): Promise<Row[]>
//   formatFromPath(path): TableFormat | undefined
//   TABLE_FORMATS, TableFormatSchema, type TableFormat
//
// `.json` holds an array of objects; a `.json` file that is really JSON Lines (common on the Hub, and what
// `datasets` accepts too) is read as JSON Lines.
import { readFile, stat } from 'node:fs/promises'
import { z } from 'zod'
import { JarvisError } from '../core/errors.ts'
import { readCsvRows } from './csv.ts'
import { readJsonlRows } from './jsonl.ts'
import type { Row } from './parquet.ts'
import { decodeUtf8 } from './utf8.ts'

export const TABLE_FORMATS = ['parquet', 'jsonl', 'csv', 'json'] as const
export const TableFormatSchema = z.enum(TABLE_FORMATS)
export type TableFormat = z.infer<typeof TableFormatSchema>

const EXTENSIONS: Record<string, TableFormat> = { '.parquet': 'parquet', '.jsonl': 'jsonl', '.ndjson': 'jsonl', '.csv': 'csv', '.json': 'json' }

export function formatFromPath(path: string): TableFormat | undefined {
  const m = /\.[^./\\]+$/.exec(path.toLowerCase())
  return m ? EXTENSIONS[m[0]] : undefined
}

export async function readTableFile<T = Row>(path: string, format?: TableFormat, mapRow?: (row: Row) => T | null): Promise<T[]> {
  if (mapRow && (format ?? formatFromPath(path)) !== 'jsonl') {
    // Only JSON Lines stream; other formats are read, then mapped.
    return (await readTableFile(path, format)).map(mapRow).filter((r): r is T => r !== null)
  }
  const fmt = format ?? formatFromPath(path)
  if (!fmt) {
    throw new JarvisError('JARVIS_DATASET', `${path}: cannot tell the file format from its extension. Use .parquet, .jsonl, .json or .csv, or set format.`)
  }
  try {
    if (!(await stat(path)).isFile()) throw new Error('not a file')
  } catch {
    throw new JarvisError('JARVIS_DATASET', `${path}: no such file. Check the path (relative paths start at the working directory).`)
  }
  switch (fmt) {
    // Without mapRow, T is Row.
    case 'parquet':
      // hyparquet is loaded for parquet files only (a JSONL dataset never pays for it).
      return (await import('./parquet.ts')).readParquetRows(path) as Promise<T[]>
    case 'jsonl':
      return readJsonlRows(path, mapRow)
    case 'csv':
      return readCsvRows(path) as Promise<T[]>
    case 'json':
      return readJsonRows(path) as Promise<T[]>
  }
}

async function readJsonRows(path: string): Promise<Row[]> {
  const text = decodeUtf8(await readFile(path), path).replace(/^\uFEFF/, '')
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (e) {
    // Several objects on several lines: JSON Lines under a .json name.
    if (/^\s*\{/.test(text) && text.trim().includes('\n')) return readJsonlRows(path)
    throw new JarvisError('JARVIS_DATASET', `${path}: invalid JSON (${(e as Error).message}).`)
  }
  if (!Array.isArray(value)) {
    throw new JarvisError('JARVIS_DATASET', `${path}: expected a JSON array of objects. Write [{...}, {...}] or use a .jsonl file.`)
  }
  return value.map((v, i) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) {
      throw new JarvisError('JARVIS_DATASET', `${path}: item ${i} of the array is not an object. Each item must be one row {"column": value}.`)
    }
    return v as Row
  })
}
