// Builds test/support/fake-nvml.c into a `libnvidia-ml.so.1` (gcc, under a second) and returns its folder,
// for LD_LIBRARY_PATH. The build is cached in the OS temp dir by a hash of the source; parallel test files
// may race, so each compiles to its own file and renames it into place (rename is atomic).
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const SOURCE = new URL('./fake-nvml.c', import.meta.url)
export const FAKE_NVML_SONAME = 'libnvidia-ml.so.1'

/** The folder holding the fake `libnvidia-ml.so.1`; put it first in LD_LIBRARY_PATH of a child process. */
export async function buildFakeNvml(): Promise<string> {
  const source = readFileSync(SOURCE)
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 12)
  const dir = join(tmpdir(), `jarvis-fake-nvml-${hash}`)
  const lib = join(dir, FAKE_NVML_SONAME)
  if (existsSync(lib)) return dir
  mkdirSync(dir, { recursive: true })
  const partial = join(dir, `.${process.pid}-${Date.now()}.so`)
  await promisify(execFile)('gcc', [
    '-shared', '-fPIC', '-O2', '-fvisibility=hidden', `-Wl,-soname,${FAKE_NVML_SONAME}`,
    '-o', partial, SOURCE.pathname,
  ])
  renameSync(partial, lib)
  return dir
}
