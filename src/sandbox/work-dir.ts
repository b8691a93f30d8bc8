// The fresh working directory of one sandbox call: created under the OS temp dir, filled with the
// caller's files, owned by the sandbox uid with mode 0700 (other sandbox uids cannot look in), removed after.
import { chown, chmod, mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, isAbsolute, join, normalize, sep } from 'node:path'
import { JarvisError } from '../core/errors.ts'

export async function createWorkDir(files: Record<string, string | Uint8Array> = {}, uid?: number): Promise<string> {
  // realpath: the private-tmp script matches the path against /tmp etc. and bind-mounts it back.
  const dir = await realpath(await mkdtemp(join(tmpdir(), 'jarvis-sbx-')))
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

export async function removeWorkDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true, maxRetries: 2 })
}
