// A cross-process lock file, so that parallel Vitest workers (one per model project) that load the same
// dataset download each file once. @huggingface/hub writes every download to the same `<blob>.incomplete`
// path, so two concurrent downloads of one file would interleave and one rename would fail.
//
//   withFileLock(lockPath, fn, opts?): Promise<T>
//
// The holder touches the lock every `heartbeatMs`; a lock untouched for `staleMs` (its process died) is taken over.
import { mkdir, open, rm, stat, utimes } from 'node:fs/promises'
import { dirname } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

export interface FileLockOptions {
  staleMs?: number
  heartbeatMs?: number
  pollMs?: number
}

export async function withFileLock<T>(lockPath: string, fn: () => Promise<T>, opts: FileLockOptions = {}): Promise<T> {
  const { staleMs = 60_000, heartbeatMs = 10_000, pollMs = 50 } = opts
  await mkdir(dirname(lockPath), { recursive: true })
  for (;;) {
    try {
      const fd = await open(lockPath, 'wx')
      await fd.writeFile(String(process.pid))
      await fd.close()
      break
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
      const age = await stat(lockPath).then((s) => Date.now() - s.mtimeMs, () => 0)
      if (age > staleMs) await rm(lockPath, { force: true })
      else await sleep(pollMs)
    }
  }
  const beat = setInterval(() => {
    const now = new Date()
    utimes(lockPath, now, now).catch(() => {})
  }, heartbeatMs)
  beat.unref()
  try {
    return await fn()
  } finally {
    clearInterval(beat)
    await rm(lockPath, { force: true })
  }
}
