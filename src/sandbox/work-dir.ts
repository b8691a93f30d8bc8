// The fresh working directory of one sandbox call: created under the OS temp dir, filled with the
// caller's files, owned by the sandbox uid with mode 0700 (other sandbox uids cannot look in), removed after.
// Inside the sandbox (mount namespace) the program sees a size-capped tmpfs holding a copy of it (chain.ts).
//
// The name carries the creating process's pid (jarvis-sbx-<pid>-XXXXXX): a process killed before its cleanup
// ran (kill -9, an OOM kill) leaves its dirs behind, and the next sandbox process removes the dirs of pids
// that no longer run (sweepStaleWorkDirs).
import { readdirSync, rmSync } from 'node:fs'
import { chown, chmod, mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, isAbsolute, join, normalize, sep } from 'node:path'
import { JarvisError } from '../core/errors.ts'
import { isRunning } from './processes.ts'

const PREFIX = 'jarvis-sbx-'

export async function createWorkDir(files: Record<string, string | Uint8Array> = {}, uid?: number): Promise<string> {
  // realpath: the private-tmp script matches the path against /tmp etc. and mounts the capped copy there.
  const dir = await realpath(await mkdtemp(join(tmpdir(), `${PREFIX}${process.pid}-`)))
  const made = new Set<string>()
  for (const [name, content] of Object.entries(files)) {
    const rel = normalize(name)
    if (isAbsolute(rel) || rel === '..' || rel.startsWith(`..${sep}`) || rel === '.') {
      await rm(dir, { recursive: true, force: true })
      throw new JarvisError('JARVIS_BAD_OPTION', `sandbox file "${name}" must be a relative path inside the working directory.`)
    }
    const parent = dirname(join(dir, rel))
    if (parent !== dir && !made.has(parent)) {
      await mkdir(parent, { recursive: true })
      for (let d = parent; d !== dir; d = dirname(d)) made.add(d)
    }
    await writeFile(join(dir, rel), content)
  }
  if (uid !== undefined) {
    // Sub-directories must be writable by the code too (it may write its own files there).
    for (const d of [dir, ...made]) await chown(d, uid, uid)
  }
  await chmod(dir, 0o700)
  return dir
}

/** Bytes the caller's files take (the capped copy must hold them with room to spare). */
export const filesBytes = (files: Record<string, string | Uint8Array> = {}): number => Object.values(files).reduce((n, c) => n + (typeof c === 'string' ? Buffer.byteLength(c) : c.byteLength), 0)

export async function removeWorkDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true, maxRetries: 2 })
}

export function removeWorkDirSync(dir: string): void {
  rmSync(dir, { recursive: true, force: true })
}

/** Removes work dirs whose creating process is gone; returns how many. */
export function sweepStaleWorkDirs(root = tmpdir()): number {
  let n = 0
  let names: string[]
  try {
    names = readdirSync(root)
  } catch {
    return 0
  }
  for (const name of names) {
    const pid = Number(new RegExp(`^${PREFIX}(\\d+)-`).exec(name)?.[1])
    if (!pid || pid === process.pid || isRunning(pid)) continue // a zombie has stopped running
    try {
      removeWorkDirSync(join(root, name))
      n++
    } catch {
      // Someone else's, or already gone.
    }
  }
  return n
}
