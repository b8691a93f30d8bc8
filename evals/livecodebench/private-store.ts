// Where a record keeps its encoded private tests until scoring.
//
//   keepPrivateTests(questionId, raw): { private_test_cases } | { private_test_cases_file }
//   readPrivateTests(metadata): unknown      the raw column value again, for decodePrivateTests
//
// Small values stay in the record. Big ones (the lite dataset's are up to tens of MB each, ~4.5 GB for
// release_latest) are written to a temp directory of this process, removed when it exits, so loading
// every release does not need the whole dataset in the JS heap.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const INLINE_LIMIT = 64 * 1024

let dir: string | undefined

function storeDir(): string {
  if (!dir) {
    const d = mkdtempSync(join(tmpdir(), 'jarvis-lcb-private-'))
    dir = d
    process.once('exit', () => rmSync(d, { recursive: true, force: true }))
  }
  return dir
}

export function keepPrivateTests(questionId: string, raw: unknown): Record<string, unknown> {
  if (typeof raw !== 'string' || raw.length <= INLINE_LIMIT) return { private_test_cases: raw ?? '' }
  const file = join(storeDir(), `${questionId.replace(/[^\w.-]/g, '_')}-${raw.length}.b64`)
  writeFileSync(file, raw)
  return { private_test_cases_file: file }
}

export function readPrivateTests(metadata: Record<string, unknown>): unknown {
  const file = metadata.private_test_cases_file
  return typeof file === 'string' ? readFileSync(file, 'utf8') : metadata.private_test_cases
}
