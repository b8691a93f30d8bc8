// CSV (RFC 4180) → row objects keyed by the header row. No dependency: a small state machine.
//
//   parseCsv(text): CsvRecord[]            records with the 1-based line each starts on
//   csvToRows(text, where): Row[]           header row → objects; `where` names the file in messages
//   readCsvRows(path): Promise<Row[]>
//
// Handles quoted fields with commas, doubled quotes ("") and line breaks inside quotes, CRLF/LF/CR endings,
// a UTF-8 BOM and a missing final newline. Blank lines are skipped (as pandas does). A stray quote inside an
// unquoted field is kept literally (as Python's csv module does). Every value is a string and an empty cell
// is '' (no type guessing: "1e3" stays "1e3"). Duplicate header names get pandas' ".1", ".2" suffixes.
import { readFile } from 'node:fs/promises'
import { JarvisError } from '../core/errors.ts'
import type { Row } from './parquet.ts'
import { decodeUtf8 } from './utf8.ts'

export interface CsvRecord {
  fields: string[]
  line: number
}

export function parseCsv(text: string, where = 'CSV'): CsvRecord[] {
  const s = text.replace(/^\uFEFF/, '')
  const out: CsvRecord[] = []
  let record: string[] = []
  let field = ''
  let quoted = false // the current field started with a quote
  let inQuotes = false
  let line = 1
  let recordLine = 1
  let quoteLine = 1
  const endField = () => {
    record.push(field)
    field = ''
    quoted = false
  }
  const endRecord = () => {
    const blank = record.length === 0 && field === '' && !quoted
    endField()
    if (!blank) out.push({ fields: record, line: recordLine })
    record = []
  }
  for (let i = 0; i < s.length; i++) {
    const c = s[i]
    if (inQuotes) {
      if (c === '"') {
        if (s[i + 1] === '"') (field += '"'), i++
        else inQuotes = false
      } else {
        if (c === '\n' || (c === '\r' && s[i + 1] !== '\n')) line++
        field += c
      }
    } else if (c === '"' && field === '' && !quoted) {
      inQuotes = quoted = true
      quoteLine = line
    } else if (c === ',') {
      endField()
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && s[i + 1] === '\n') i++
      endRecord()
      recordLine = ++line
    } else {
      field += c
    }
  }
  if (inQuotes) {
    throw new JarvisError('JARVIS_DATASET', `${where}:${quoteLine}: a quoted field is never closed. Double each quote inside a quoted field ("say ""hi""").`)
  }
  if (field !== '' || quoted || record.length > 0) endRecord()
  return out
}

export function csvToRows(text: string, where = 'CSV'): Row[] {
  const [head, ...records] = parseCsv(text, where)
  if (!head) return []
  const seen = new Map<string, number>()
  const names = head.fields.map((raw, i) => {
    const name = raw === '' ? `Unnamed: ${i}` : raw
    const k = seen.get(name) ?? 0
    seen.set(name, k + 1)
    return k === 0 ? name : `${name}.${k}`
  })
  return records.map(({ fields, line }) => {
    if (fields.length !== names.length) {
      throw new JarvisError(
        'JARVIS_DATASET',
        `${where}:${line}: record has ${fields.length} fields but the header has ${names.length}. Quote fields that contain commas, quotes or line breaks.`,
      )
    }
    const row: Row = {}
    names.forEach((n, i) => (row[n] = fields[i]))
    return row
  })
}

export async function readCsvRows(path: string): Promise<Row[]> {
  return csvToRows(decodeUtf8(await readFile(path), path), path)
}
