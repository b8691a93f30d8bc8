// Where the tau2 data is: a snapshot of tau2-bench at the pinned commit, named by [benchmarks.options] data_dir or
// TAU2_DATA_DIR — its `data/tau2` folder (holding `domains/` and `user_simulator/`) or the checkout itself.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Requirement } from '../../src/core/requirement.ts'
import { JarvisError } from '../../src/core/errors.ts'

/** The pinned commit OpenJarvis installs (tau2 v1.0.1). */
export const TAU2_COMMIT = 'fc0055dc4e0a316c3f83133267fbd6faaa770992'
export const TAU2_REPO = 'https://github.com/sierra-research/tau2-bench'

const INSTALL = `git clone ${TAU2_REPO} && git -C tau2-bench checkout ${TAU2_COMMIT.slice(0, 8)} (its data/tau2 folder is plain JSON, TOML and Markdown).`
const WHAT = `a tau2-bench data snapshot (its data/tau2 folder, commit ${TAU2_COMMIT.slice(0, 8)})`

export const TAU2_DATA: Requirement = {
  kind: 'data-dir',
  env: 'TAU2_DATA_DIR',
  option: 'data_dir',
  markers: ['domains', 'data/tau2/domains'],
  what: WHAT,
  install: INSTALL,
}

/** The data/tau2 folder: from the run's option, else the environment; a checkout root works too. */
export function tau2DataDir(options: Record<string, string> = {}, env: NodeJS.ProcessEnv = process.env): string {
  const given = (options.data_dir ?? env.TAU2_DATA_DIR ?? '').trim()
  if (!given) throw new JarvisError('JARVIS_REQUIREMENT', `taubench needs ${WHAT}: set TAU2_DATA_DIR or [benchmarks.options] data_dir to its folder. ${INSTALL}`)
  for (const dir of [given, join(given, 'data', 'tau2')]) if (existsSync(join(dir, 'domains'))) return dir
  throw new JarvisError('JARVIS_REQUIREMENT', `taubench: ${given} holds no domains/ folder; point TAU2_DATA_DIR (or [benchmarks.options] data_dir) at the data/tau2 folder of a tau2-bench checkout. ${INSTALL}`)
}
