// One TerminalBench 2.x task folder (the Harbor layout): task.toml, instruction.md, tests/ (test.sh and what it
// runs), environment/ (the Dockerfile the image was built from) and solution/ (never shown to the model).
// Both task.toml shapes are read: `memory = "2G"` / `storage = "10G"` (2.0) and `memory_mb` / `storage_mb` (Harbor).
//
//   readTask(dir) → TaskInfo | null (null: not a task folder)      memoryBytes("2G") → 2147483648
import { existsSync, readFileSync, statSync } from 'node:fs'
import { basename, join } from 'node:path'
import { parse } from 'smol-toml'
import { JarvisError } from '../../src/core/errors.ts'

export interface TaskInfo {
  id: string
  dir: string
  instruction: string
  image: string
  cpus: number | null
  memoryBytes: number | null
  category: string
  difficulty: string | null
  tags: string[]
  agentTimeoutS: number | null
  verifierTimeoutS: number | null
  allowInternet: boolean | null
  metadata: Record<string, unknown>
}

const UNITS: Record<string, number> = { '': 1, b: 1, k: 1024, kb: 1024, ki: 1024, m: 1024 ** 2, mb: 1024 ** 2, mi: 1024 ** 2, g: 1024 ** 3, gb: 1024 ** 3, gi: 1024 ** 3, t: 1024 ** 4 }

/** Docker-style sizes ("2G", "512m", "4096M", "1.5g"); null when absent, an error when unreadable. */
export function memoryBytes(v: unknown, where: string): number | null {
  if (v === undefined || v === null || v === '') return null
  if (typeof v === 'number') return v
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-zA-Z]*)\s*$/.exec(String(v))
  const unit = m ? UNITS[m[2].toLowerCase()] : undefined
  if (!m || unit === undefined) throw new JarvisError('JARVIS_DATASET', `${where}: memory ${JSON.stringify(v)} is not a size like "2G" or "512M".`)
  return Math.round(Number(m[1]) * unit)
}

const table = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {})
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null)

export function readTask(dir: string): TaskInfo | null {
  const tomlFile = join(dir, 'task.toml')
  if (!existsSync(tomlFile) || !statSync(dir).isDirectory()) return null
  const where = tomlFile
  let doc: Record<string, unknown>
  try {
    doc = parse(readFileSync(tomlFile, 'utf8')) as Record<string, unknown>
  } catch (e) {
    throw new JarvisError('JARVIS_DATASET', `${where}: not valid TOML (${(e as Error).message.split('\n')[0]}).`)
  }
  const instructionFile = join(dir, 'instruction.md')
  const instruction = existsSync(instructionFile) ? readFileSync(instructionFile, 'utf8').trim() : ''
  if (!instruction) return null
  const meta = table(doc.metadata)
  const env = table(doc.environment)
  const image = str(env.docker_image)
  if (!image) throw new JarvisError('JARVIS_DATASET', `${where}: [environment] has no docker_image; build the task's image (environment/Dockerfile) and name it there.`)
  const mem = env.memory_mb !== undefined ? num(env.memory_mb)! * 1024 ** 2 : memoryBytes(env.memory, where)
  return {
    id: basename(dir),
    dir,
    instruction,
    image,
    cpus: num(env.cpus),
    memoryBytes: mem,
    category: str(meta.category) ?? 'terminal',
    difficulty: str(meta.difficulty),
    tags: Array.isArray(meta.tags) ? meta.tags.map(String) : [],
    agentTimeoutS: num(table(doc.agent).timeout_sec),
    verifierTimeoutS: num(table(doc.verifier).timeout_sec),
    allowInternet: typeof env.allow_internet === 'boolean' ? env.allow_internet : null,
    metadata: { ...meta, storage: env.storage ?? env.storage_mb ?? null, build_timeout_sec: env.build_timeout_sec ?? null },
  }
}
