// JSON Lines files → row objects, read line by line (SuperGPQA-all.jsonl is ~26k lines).
//
//   readJsonlRows(path): Promise<Row[]>
//   parseJsonLine(line, where): Row   (one line; `where` is "file:line" for the message)
//
// Blank lines (a trailing newline, a blank line between records, CRLF endings) are skipped, a UTF-8 BOM is
// dropped, and bad JSON names the file and its 1-based line number.
import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
import { JarvisError } from '../errors.ts'
import type { Row } from './parquet.ts'

export async function readJsonlRows(path: string): Promise<Row[]> {
  const rows: Row[] = []
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity })
  let n = 0
  try {
    for await (const raw of lines) {
      n++
      const line = n === 1 ? raw.replace(/^\uFEFF/, '') : raw
      if (line.trim() === '') continue
      rows.push(parseJsonLine(line, `${path}:${n}`))
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
