import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeFileSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'
import { MOVED_SIDECARS, previousPathFor } from './run-files.ts'
import { SAMPLE_RESULT_KEYS, type SampleResult } from '../core/sample-result.ts'

/** One JSON line with the keys in the spec's order (whatever order the object arrived in). */
export function serializeResult(r: SampleResult): string {
  const o: Record<string, unknown> = {}
  for (const k of SAMPLE_RESULT_KEYS) o[k] = r[k] ?? null
  return `${JSON.stringify(o)}\n`
}

/** Writes a file atomically: a temp file in the same folder, then rename (a crash leaves the old file or the new). */
export function writeFileAtomic(path: string, data: string): void {
  mkdirSync(dirname(path), { recursive: true })
  const tmp = `${path}.tmp-${process.pid}`
  writeFileSync(tmp, data)
  renameSync(tmp, path)
}

/** Moves an existing non-empty output aside (never overwritten silently); returns where it went. */
export function moveAside(path: string): string | null {
  if (!existsSync(path) || statSync(path).size === 0) return null
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '')
  let target = previousPathFor(path, stamp)
  for (let i = 1; existsSync(target); i++) target = previousPathFor(path, stamp, i)
  renameSync(path, target)
  for (const side of MOVED_SIDECARS) if (existsSync(`${path}${side}`)) renameSync(`${path}${side}`, `${target}${side}`)
  return target
}

/**
 * Appends whole lines with one write(2) each on an O_APPEND descriptor, so a kill -9 loses at most the
 * lines not yet written and never interleaves two lines.
 */
export class JsonlAppender {
  private fd: number | null = null
  constructor(readonly path: string) {}
  append(line: string): void {
    if (this.fd === null) {
      mkdirSync(dirname(this.path), { recursive: true })
      this.fd = openSync(this.path, 'a')
    }
    const buf = Buffer.from(line)
    let off = 0
    while (off < buf.length) off += writeSync(this.fd, buf, off)
  }
  close(): void {
    if (this.fd !== null) closeSync(this.fd)
    this.fd = null
  }
}

/**
 * A run that re-ran some samples by name (-t, --record-ids, `vitest -t`) appended their new lines to the
 * existing results: keep one line per record id, the newest, at the place of the first, so the file reads as
 * the old one with those samples replaced. Torn or non-result lines are dropped. Returns how many were replaced.
 */
export function compactByRecordId(path: string): { lines: number; replaced: number } {
  if (!existsSync(path)) return { lines: 0, replaced: 0 }
  const byId = new Map<string, string>()
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.trim()) continue
    let id: unknown
    try {
      id = (JSON.parse(line) as { record_id?: unknown }).record_id
    } catch {
      continue
    }
    if (typeof id === 'string') byId.set(id, line) // Map keeps the first insertion's place, the last value
  }
  const text = [...byId.values()].map((l) => `${l}\n`).join('')
  const before = readFileSync(path, 'utf8')
  if (text !== before) writeFileAtomic(path, text)
  return { lines: byId.size, replaced: before.split('\n').filter((l) => l.trim()).length - byId.size }
}
