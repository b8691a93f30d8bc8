// Where a record keeps its encoded private tests until scoring.
//
//   keepPrivateTests(questionId, raw): { private_test_cases } | { private_test_cases_file }
//   readPrivateTests(metadata): unknown      the raw column value again, for decodePrivateTests
//
// Small values stay in the record. Big ones (the lite dataset's are up to tens of MB each, ~4.5 GB for
// release_latest) are written to a temp directory of this process, so loading every release does not
// need the whole dataset in the JS heap. The directory is removed on exit; a worker killed before its
// exit handler ran leaves one behind, so directories of processes that no longer run are removed first.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const INLINE_LIMIT = 64 * 1024
const PREFIX = 'jarvis-lcb-private-'

let dir: string | undefined

const running = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function removeStale(): void {
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(/^jarvis-lcb-private-(\d+)-/.exec(name)?.[1])
    if (pid && pid !== process.pid && !running(pid)) rmSync(join(tmpdir(), name), { recursive: true, force: true })
  }
}

function storeDir(): string {
  if (!dir) {
    removeStale()
    const d = mkdtempSync(join(tmpdir(), `${PREFIX}${process.pid}-`))
    dir = d
    process.once('exit', removePrivateStore)
  }
  return dir
}

/** Delete this process's parked tests (also done on exit). */
export function removePrivateStore(): void {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
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
