// JSON Lines files → row objects, read line by line (SuperGPQA-all.jsonl is ~26k lines).
//
//   readJsonlRows(path, mapRow?): Promise<T[]>   mapRow turns each row as it is read (null drops it)
//   parseJsonLine(line, where): Row   (one line; `where` is "file:line" for the message)
//
// Blank lines (a trailing newline, a blank line between records, CRLF endings) are skipped, a UTF-8 BOM is
// dropped, and bad JSON names the file and its 1-based line number; so does a file that is not UTF-8.
import { createReadStream, readFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { decodeUtf8 } from './utf8.ts'
import { JarvisError } from '../core/errors.ts'
import type { Row } from './parquet.ts'

/** `mapRow` runs on each row as it is read (null drops it), so a multi-GB file is never held whole. */
export async function readJsonlRows<T = Row>(path: string, mapRow?: (row: Row) => T | null): Promise<T[]> {
  const rows: T[] = []
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity })
  let n = 0
  let checked = false
  try {
    for await (const raw of lines) {
      n++
      // U+FFFD is what a byte that is not UTF-8 decodes to: check the file's bytes once (a real U+FFFD passes).
      if (!checked && raw.includes('\uFFFD')) {
        checked = true
        decodeUtf8(readFileSync(path), path)
      }
      const line = n === 1 ? raw.replace(/^\uFEFF/, '') : raw
      if (line.trim() === '') continue
      const row = parseJsonLine(line, `${path}:${n}`)
      const mapped = mapRow ? mapRow(row) : (row as T)
      if (mapped !== null) rows.push(mapped)
    }
  } catch (e) {
    if (e instanceof JarvisError) throw e
    throw new JarvisError('JARVIS_DATASET', `${path}: cannot read (${(e as Error).message}).`)
  } finally {
    lines.close()
  }
  return rows
}

export function parseJsonLine(line: string, where: string): Row {
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch (e) {
    throw new JarvisError('JARVIS_DATASET', `${where}: invalid JSON (${(e as Error).message}). Each line of a .jsonl file must be one JSON object.`)
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new JarvisError('JARVIS_DATASET', `${where}: expected a JSON object, got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`}. Each line of a .jsonl file must be one JSON object.`)
  }
  return value as Row
}
