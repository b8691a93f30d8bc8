import { createReadStream, existsSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { JarvisError } from '../core/errors.ts'
import type { SampleResult } from '../core/sample-result.ts'

export interface ReadIssue {
  line: number
  reason: string
}

/**
 * Streams the results of a JSONL file line by line, never holding the file in memory.
 * A torn last line (a crash mid-write) or a corrupt line is skipped and reported through `onIssue`,
 * so a reader never chokes on a file a killed run left behind.
 */
export async function* readResults(path: string, onIssue?: (issue: ReadIssue) => void): AsyncGenerator<SampleResult> {
  if (!existsSync(path)) throw new JarvisError('JARVIS_RESULTS', `${path}: no such results file. Check the path, or run jarvis eval run first.`)
  const rl = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity })
  let n = 0
  for await (const line of rl) {
    n++
    if (line.trim() === '') continue
    let obj: unknown
    try {
      obj = JSON.parse(line)
    } catch {
      onIssue?.({ line: n, reason: 'not valid JSON (torn or corrupt line); skipped' })
      continue
    }
    if (!obj || typeof obj !== 'object' || typeof (obj as SampleResult).record_id !== 'string') {
      onIssue?.({ line: n, reason: 'not a sample result (no record_id); skipped' })
      continue
    }
    yield obj as SampleResult
  }
}

/** All results of a file (for small files and tests); prefer `readResults` for large ones. */
export async function readAllResults(path: string, onIssue?: (issue: ReadIssue) => void): Promise<SampleResult[]> {
  const out: SampleResult[] = []
  for await (const r of readResults(path, onIssue)) out.push(r)
  return out
}
