// A benchmark's data from a git repository at a pinned commit (PinchBench's tasks, DeepResearchBench's
// queries): a checkout the user names (<ENV>_DIR), else one fetched once — only that commit, depth 1 — into
// $XDG_CACHE_HOME/jarvis-evals/<key>/<commit>. HF_HUB_OFFLINE=1 never fetches.
//
//   gitSnapshot({ key, url, commit, dirEnv }, log, env?) → the folder
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { JarvisError } from '../../src/core/errors.ts'

export interface SnapshotSource {
  key: string
  url: string
  /** Full 40-hex commit. */
  commit: string
  /** The variable naming a checkout to use instead. */
  dirEnv: string
}

export const snapshotCacheDir = (s: SnapshotSource, env: NodeJS.ProcessEnv = process.env): string =>
  join(env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache'), 'jarvis-evals', s.key, s.commit)

export function gitSnapshot(s: SnapshotSource, log: (line: string) => void, env: NodeJS.ProcessEnv = process.env): string {
  const given = env[s.dirEnv]?.trim()
  if (given) {
    if (!existsSync(given)) throw new JarvisError('JARVIS_DATASET', `${s.key}: ${s.dirEnv}=${given} does not exist; point it at a checkout of ${s.url}.`)
    return given
  }
  const dir = snapshotCacheDir(s, env)
  if (existsSync(dir)) return dir
  if (env.HF_HUB_OFFLINE === '1') throw new JarvisError('JARVIS_DATASET', `${s.key}: no snapshot at ${dir} and HF_HUB_OFFLINE=1 forbids fetching ${s.url}; set ${s.dirEnv} to a checkout of commit ${s.commit.slice(0, 12)}.`)
  log(`fetching ${s.url} at ${s.commit.slice(0, 12)} into ${dir}`)
  const tmp = `${dir}.partial-${process.pid}`
  rmSync(tmp, { recursive: true, force: true })
  mkdirSync(tmp, { recursive: true })
  const git = (args: string[]) => spawnSync('git', ['-C', tmp, ...args], { encoding: 'utf8', timeout: 600_000, env: { PATH: env.PATH ?? '', HOME: env.HOME ?? homedir(), GIT_TERMINAL_PROMPT: '0' } })
  for (const args of [['init', '--quiet'], ['fetch', '--quiet', '--depth', '1', s.url, s.commit], ['checkout', '--quiet', 'FETCH_HEAD']]) {
    const r = git(args)
    if (r.error && (r.error as NodeJS.ErrnoException).code === 'ENOENT') {
      rmSync(tmp, { recursive: true, force: true })
      throw new JarvisError('JARVIS_REQUIREMENT', `${s.key}: git is not installed (apt-get install git), or set ${s.dirEnv} to a checkout of ${s.url}.`)
    }
    if (r.status !== 0) {
      rmSync(tmp, { recursive: true, force: true })
      throw new JarvisError('JARVIS_DATASET', `${s.key}: git ${args[0]} of ${s.url} at ${s.commit.slice(0, 12)} failed (${(r.stderr || r.error?.message || '').trim().split('\n').pop()}); set ${s.dirEnv} to a checkout.`)
    }
  }
  rmSync(join(tmp, '.git'), { recursive: true, force: true })
  renameSync(tmp, dir)
  return dir
}
