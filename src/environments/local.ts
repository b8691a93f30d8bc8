import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, isAbsolute, join, relative, resolve } from 'node:path'
import type { Environment, EnvironmentSpec } from '../core/environment.ts'
import { JarvisError } from '../core/errors.ts'

/**
 * `local`: a private temp folder holding the sample's files (attachments copied in, inline files written);
 * removed when the sample ends, whatever happened.
 */
export async function openLocalEnvironment(spec: EnvironmentSpec): Promise<Environment> {
  const workDir = mkdtempSync(join(tmpdir(), 'jarvis-env-'))
  try {
    for (const f of spec.files ?? []) {
      const target = resolve(workDir, f.path)
      const rel = relative(workDir, target)
      if (!rel || rel.startsWith('..') || isAbsolute(rel)) throw new JarvisError('JARVIS_DATASET', `environment file "${f.path}" is outside the work dir; use a relative path.`)
      mkdirSync(dirname(target), { recursive: true })
      if (f.source) copyFileSync(f.source, target)
      else writeFileSync(target, f.content ?? '')
    }
  } catch (e) {
    rmSync(workDir, { recursive: true, force: true })
    throw e
  }
  let closed = false
  return {
    kind: 'local',
    workDir,
    async close() {
      if (closed) return
      closed = true
      rmSync(workDir, { recursive: true, force: true })
    },
  }
}
