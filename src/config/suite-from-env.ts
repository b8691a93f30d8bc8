import { existsSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { isJarvisError } from '../core/errors.ts'
import { expandSuite } from './expand.ts'
import { exportExternalApiKey } from './external.ts'
import { loadSuiteFile } from './load.ts'
import type { ResolvedRun } from './resolved-run.ts'

export const DEFAULT_SUITE = 'configs/default.toml'

/**
 * The runs vitest.config.ts turns into projects for a bare `vitest run`: the TOML suite in JARVIS_EVAL_CONFIG or
 * configs/default.toml. (The CLI builds its projects itself and never reads this file.)
 */
export function runsFromEnv(root: string, env: NodeJS.ProcessEnv = process.env): ResolvedRun[] {
  const path = resolve(root, env.JARVIS_EVAL_CONFIG ?? DEFAULT_SUITE)
  if (!env.JARVIS_EVAL_CONFIG && !existsSync(path)) return []
  try {
    const suite = loadSuiteFile(path)
    exportExternalApiKey(suite, env)
    return expandSuite(suite, {}, { source: env.JARVIS_EVAL_CONFIG ?? DEFAULT_SUITE, env, configDir: dirname(path) })
  } catch (e) {
    if (!isJarvisError(e)) throw e
    // Bad input: one line, exit 2 — not a stack trace from inside Vite's config loader.
    process.stderr.write(`jarvis: ${e.message}\n`)
    process.exit(2)
  }
}
