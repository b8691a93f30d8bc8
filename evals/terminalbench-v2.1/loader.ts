// TerminalBench v2.1 tasks: the terminal-bench-2.1 branch of ekellbuch/terminal-bench-2 (89 task folders in the
// Harbor layout, task-toml.ts). TBV21_REPO_DIR names a checkout (OpenJarvis's variable); without it the repo is
// cloned once (git, depth 1) into $XDG_CACHE_HOME/jarvis-evals/terminalbench-v2.1 (TBV21_REPO_URL and
// TBV21_BRANCH pick another source). Record ids: terminalbench-v2.1-<task folder>.
//
//   loadTerminalBench(ctx) → EvalRecord[]      taskDirs(repo) → string[]      toRecord(task) → EvalRecord
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import { JarvisError } from '../../src/core/errors.ts'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { buildPrompt } from './prompt.ts'
import { readTask, type TaskInfo } from './task-toml.ts'

export const REPO = { url: 'https://github.com/ekellbuch/terminal-bench-2.git', branch: 'terminal-bench-2.1' } as const

export function defaultRepoDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'jarvis-evals', 'terminalbench-v2.1', 'repo')
}

/** The folder of task folders: the repo root, or its tasks/ when the root holds none. */
export function taskDirs(repo: string): string[] {
  const list = (d: string) =>
    readdirSync(d, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith('.') && existsSync(join(d, e.name, 'task.toml')))
      .map((e) => join(d, e.name))
      .sort()
  const top = list(repo)
  return top.length || !existsSync(join(repo, 'tasks')) ? top : list(join(repo, 'tasks'))
}

function ensureRepo(ctx: LoadContext, env: NodeJS.ProcessEnv): string {
  const given = env.TBV21_REPO_DIR?.trim()
  const dir = given || defaultRepoDir(env)
  if (existsSync(dir)) return dir
  if (env.HF_HUB_OFFLINE === '1') throw new JarvisError('JARVIS_DATASET', `terminalbench-v2.1: no tasks at ${dir} and HF_HUB_OFFLINE=1 forbids cloning ${REPO.url}; set TBV21_REPO_DIR to a checkout of its ${REPO.branch} branch.`)
  const url = env.TBV21_REPO_URL?.trim() || REPO.url
  const branch = env.TBV21_BRANCH?.trim() || REPO.branch
  ctx.log(`cloning ${url} (branch ${branch}) into ${dir}`)
  mkdirSync(dirname(dir), { recursive: true })
  const r = spawnSync('git', ['clone', '--quiet', '--depth', '1', '--branch', branch, url, dir], { encoding: 'utf8', timeout: 600_000, env: { PATH: env.PATH ?? '', HOME: env.HOME ?? homedir(), GIT_TERMINAL_PROMPT: '0' } })
  if (r.error && (r.error as NodeJS.ErrnoException).code === 'ENOENT') throw new JarvisError('JARVIS_REQUIREMENT', 'terminalbench-v2.1: git is not installed (apt-get install git), or set TBV21_REPO_DIR to a checkout of the tasks.')
  if (r.status !== 0) throw new JarvisError('JARVIS_DATASET', `terminalbench-v2.1: git clone ${url} --branch ${branch} failed (${(r.stderr || r.error?.message || '').trim().split('\n').pop()}); set TBV21_REPO_DIR to a checkout of the tasks.`)
  return dir
}

export function toRecord(t: TaskInfo): EvalRecord {
  return {
    record_id: `terminalbench-v2.1-${t.id}`,
    problem: buildPrompt(t.instruction),
    reference: 'tests/test.sh writes a reward of at least 0.5',
    category: 'agentic',
    subject: t.category,
    metadata: {
      task_id: t.id,
      task_dir: t.dir,
      category: t.category,
      difficulty: t.difficulty,
      tags: t.tags,
      docker_image: t.image,
      cpus: t.cpus,
      memory_bytes: t.memoryBytes,
      agent_timeout_sec: t.agentTimeoutS,
      verifier_timeout_sec: t.verifierTimeoutS,
      allow_internet: t.allowInternet,
      ...t.metadata,
    },
  }
}

export async function loadTerminalBench(ctx: LoadContext, env: NodeJS.ProcessEnv = process.env): Promise<EvalRecord[]> {
  const repo = ensureRepo(ctx, env)
  const dirs = taskDirs(repo)
  const records = dirs.map(readTask).filter((t): t is TaskInfo => t !== null).map(toRecord)
  if (!records.length) throw new JarvisError('JARVIS_DATASET', `terminalbench-v2.1: no task folders (task.toml + instruction.md) in ${repo}; point TBV21_REPO_DIR at a checkout of ${REPO.url} (branch ${REPO.branch}).`)
  if (records.length < dirs.length) ctx.log(`${dirs.length - records.length} task folders without an instruction.md were skipped`)
  ctx.log(`${records.length} tasks from ${repo}`)
  return records
}
