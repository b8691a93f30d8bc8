import { closeSync, existsSync, ftruncateSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'
import { JarvisError } from '../core/errors.ts'
import { MOVED_SIDECARS, previousPathFor } from './run-files.ts'
import { SAMPLE_RESULT_KEYS, type SampleResult } from '../core/sample-result.ts'

/** One JSON line with the keys in the spec's order (whatever order the object arrived in). */
export function serializeResult(r: SampleResult): string {
  const o: Record<string, unknown> = {}
  for (const k of SAMPLE_RESULT_KEYS) o[k] = r[k] ?? null
  return `${JSON.stringify(o)}\n`
}

/** A results file that could not be written (disk full, quota, read-only): the run must stop and say so (exit 1). */
export function outputWriteError(path: string, err: unknown): JarvisError {
  const e = err as NodeJS.ErrnoException
  const why = e?.code ? `${e.code}${e.code === 'ENOSPC' ? ' (no space left on the device)' : e.code === 'EDQUOT' ? ' (disk quota exceeded)' : ''}` : String(e?.message ?? err)
  return new JarvisError('JARVIS_OUTPUT', `could not write ${path}: ${why}. The run stopped; what is in the file is complete. Free space (or choose another --output-dir), then rerun with --resume.`, 1)
}

/** Writes a file atomically: a temp file in the same folder, then rename (a crash leaves the old file or the new). */
export function writeFileAtomic(path: string, data: string): void {
  mkdirSync(dirname(path), { recursive: true })
  const tmp = `${path}.tmp-${process.pid}`
  try {
    writeFileSync(tmp, data)
    renameSync(tmp, path)
  } catch (e) {
    rmSync(tmp, { force: true })
    throw outputWriteError(path, e)
  }
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
 * lines not yet written and never interleaves two lines. A write that fails (ENOSPC, EDQUOT, EIO) throws
 * outputWriteError after cutting the partial line off again, so the file ends with a whole line.
 */
export class JsonlAppender {
  private fd: number | null = null
  private size = 0
  constructor(readonly path: string) {}
  append(line: string): void {
    try {
      if (this.fd === null) {
        mkdirSync(dirname(this.path), { recursive: true })
        this.fd = openSync(this.path, 'a')
        this.size = statSync(this.path).size
      }
      const buf = Buffer.from(line)
      let off = 0
      try {
        while (off < buf.length) off += writeSync(this.fd, buf, off)
      } catch (e) {
        if (off > 0) ftruncateQuiet(this.fd, this.size)
        throw e
      }
      this.size += buf.length
    } catch (e) {
      throw outputWriteError(this.path, e)
    }
  }
  close(): void {
    if (this.fd !== null) closeSync(this.fd)
    this.fd = null
  }
}

function ftruncateQuiet(fd: number, size: number): void {
  try {
    ftruncateSync(fd, size)
  } catch {
    // The reader drops a torn last line anyway (read-results.ts, resume).
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
