// WebChoreArena tasks from a checkout of WebChoreArena/WebChoreArena (AgentOccam/config_files/test_<site>.raw.json;
// the `.raw.json` files use site placeholders, the others hard-code the authors' private IPs). WEBCHOREARENA_DIR
// or [benchmarks.options] data_dir names the checkout (or its config_files folder); without one it is cloned
// once (git, depth 1) into $XDG_CACHE_HOME/jarvis-evals/webchorearena. Subsets: all (default, 532 tasks), small
// (small_set_ids.txt), or sites: shopping, shopping_admin, reddit, gitlab, cross (comma-separated).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, isAbsolute, join, resolve } from 'node:path'
import { JarvisError } from '../../src/core/errors.ts'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { buildPrompt } from './prompt.ts'
import { fill, siteUrls, sitesOf } from './sites.ts'

export const REPO_URL = 'https://github.com/WebChoreArena/WebChoreArena.git'
export const FILES = { shopping: 'test_shopping.raw.json', shopping_admin: 'test_shopping_admin.raw.json', reddit: 'test_reddit.raw.json', gitlab: 'test_gitlab.raw.json', cross: 'test_cross.raw.json' } as const
type Part = keyof typeof FILES

export interface ChoreMeta {
  task_id: number
  sites: string[]
  start_url: string
  /** The task's storage state (cookies of a logged-in user), absolute; null when it logs in to nothing. */
  storage_state: string | null
  intent: string
  type_main: string | null
  eval: Record<string, unknown>
}

/** The config_files folder: of the checkout given, or of the cached clone. */
export function configDir(ctx: Pick<LoadContext, 'options' | 'log'>, env: NodeJS.ProcessEnv = process.env): string {
  const given = (ctx.options?.data_dir ?? env.WEBCHOREARENA_DIR ?? '').trim()
  const dir = given || join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'jarvis-evals', 'webchorearena', 'repo')
  const inside = [join(dir, 'AgentOccam', 'config_files'), join(dir, 'config_files'), dir].find((d) => existsSync(join(d, FILES.shopping)))
  if (inside) return inside
  if (given) throw new JarvisError('JARVIS_DATASET', `webchorearena: ${given} holds no AgentOccam/config_files/${FILES.shopping}; point WEBCHOREARENA_DIR (or [benchmarks.options] data_dir) at a checkout of ${REPO_URL}.`)
  if (env.HF_HUB_OFFLINE === '1') throw new JarvisError('JARVIS_DATASET', `webchorearena: no tasks at ${dir} and HF_HUB_OFFLINE=1 forbids cloning ${REPO_URL}; set WEBCHOREARENA_DIR to a checkout.`)
  ctx.log(`cloning ${REPO_URL} into ${dir}`)
  mkdirSync(dirname(dir), { recursive: true })
  const r = spawnSync('git', ['clone', '--quiet', '--depth', '1', REPO_URL, dir], { encoding: 'utf8', timeout: 600_000, env: { PATH: env.PATH ?? '', HOME: env.HOME ?? homedir(), GIT_TERMINAL_PROMPT: '0' } })
  if (r.status !== 0) throw new JarvisError('JARVIS_DATASET', `webchorearena: git clone ${REPO_URL} failed (${(r.stderr || r.error?.message || '').trim().split('\n').pop()}); set WEBCHOREARENA_DIR to a checkout.`)
  return join(dir, 'AgentOccam', 'config_files')
}

function parts(subset: string | undefined): { parts: Part[]; small: boolean } {
  const s = (subset ?? 'all').trim() || 'all'
  if (s === 'all' || s === 'small') return { parts: Object.keys(FILES) as Part[], small: s === 'small' }
  const names = s.split(',').map((x) => x.trim()).filter(Boolean)
  const bad = names.find((n) => !(n in FILES))
  if (bad) throw new JarvisError('JARVIS_BAD_OPTION', `webchorearena subset: "${bad}" is not one of all, small, ${Object.keys(FILES).join(', ')}.`)
  return { parts: names as Part[], small: false }
}

export async function loadWebChoreArena(ctx: LoadContext, env: NodeJS.ProcessEnv = process.env): Promise<EvalRecord[]> {
  const dir = configDir(ctx, env)
  const { parts: chosen, small } = parts(ctx.subset)
  const smallIds = small ? new Set(readFileSync(join(dir, 'small_set_ids.txt'), 'utf8').split(/[\s,]+/).filter(Boolean)) : null
  const urls = siteUrls(ctx.options, env)
  const authDir = (ctx.options?.auth_dir ?? env.WEBCHOREARENA_AUTH_DIR ?? '').trim() || dirname(dir)
  const records: EvalRecord[] = []
  for (const part of chosen) {
    const file = join(dir, FILES[part])
    if (!existsSync(file)) throw new JarvisError('JARVIS_DATASET', `webchorearena: ${file} is missing from the checkout.`)
    let tasks: Record<string, unknown>[]
    try {
      tasks = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>[]
    } catch (e) {
      throw new JarvisError('JARVIS_DATASET', `webchorearena: ${file} does not parse: ${(e as Error).message}`)
    }
    for (const raw of tasks) {
      if (smallIds && !smallIds.has(String(raw.task_id))) continue
      records.push(recordOf(raw, urls, authDir, file))
    }
  }
  ctx.log(`${records.length} tasks (${small ? 'small set' : chosen.join(', ')}) from ${dir}`)
  return records
}

function recordOf(raw: Record<string, unknown>, urls: Partial<Record<string, string>>, authDir: string, file: string): EvalRecord {
  if (typeof raw.task_id !== 'number' || typeof raw.intent !== 'string' || !raw.eval || typeof raw.start_url !== 'string')
    throw new JarvisError('JARVIS_DATASET', `webchorearena: a task in ${file} lacks task_id, intent, start_url or eval.`)
  const sites = sitesOf(raw)
  const c = fill(raw, urls)
  const state = typeof c.storage_state === 'string' && c.storage_state ? (isAbsolute(c.storage_state) ? c.storage_state : resolve(authDir, c.storage_state)) : null
  // WebArena's multi-tab start (" |AND| "): the first page; the others are in the intent's reach by URL.
  const start = String(c.start_url).split(' |AND| ')[0]
  const meta: ChoreMeta = { task_id: raw.task_id, sites, start_url: start, storage_state: state, intent: String(c.intent), type_main: (c.type_main as string) ?? null, eval: c.eval as Record<string, unknown> }
  const ev = c.eval as { reference_answers?: Record<string, unknown> | null; reference_url?: string }
  return {
    record_id: `webchorearena-${raw.task_id}`,
    problem: buildPrompt(start, meta.intent),
    reference: ev.reference_answers ? JSON.stringify(ev.reference_answers) : (ev.reference_url ?? ''),
    category: 'agentic',
    subject: String(sites[0] ?? 'webchorearena'),
    metadata: meta as unknown as Record<string, unknown>,
  }
}
