import { existsSync, readFileSync } from 'node:fs'
import { parse as parseToml, TomlError } from 'smol-toml'
import type { z } from 'zod'
import { closeMatches, didYouMean, JarvisError } from '../core/errors.ts'
import { PriceSchema, SuiteSchema, type Suite } from './schema.ts'
import { validateSuite } from './validate.ts'

/** Reads and validates a TOML suite; every problem is one JarvisError naming file, key and fix. */
export function loadSuiteFile(path: string): Suite {
  if (!existsSync(path)) throw new JarvisError('JARVIS_BAD_CONFIG', `${path}: config file not found. Check the path given to -c/--config or JARVIS_EVAL_CONFIG.`)
  let raw: unknown
  try {
    raw = parseToml(readFileSync(path, 'utf8'))
  } catch (e) {
    const where = e instanceof TomlError ? ` (line ${e.line}, column ${e.column})` : ''
    const msg = (e as Error).message.split('\n')[0]
    throw new JarvisError('JARVIS_BAD_CONFIG', `${path}${where}: malformed TOML: ${msg}. Fix the syntax at that place.`)
  }
  return parseSuite(raw, path)
}

/** Validates an already-parsed object (TOML or built from CLI flags). */
export function parseSuite(raw: unknown, source: string): Suite {
  const res = SuiteSchema.safeParse(raw)
  // A typo'd key also shows up as the required key missing; the typo (with its did-you-mean) is the better line.
  if (!res.success) throw new JarvisError('JARVIS_BAD_CONFIG', formatIssue(res.error.issues.find((i) => i.code === 'unrecognized_keys') ?? res.error.issues[0], raw, source))
  validateSuite(res.data, source)
  return res.data
}

/** Known keys per table, by the table's path with array indexes dropped ("benchmarks.dataset"). */
const SECTION_KEYS: Record<string, string[]> = {
  'backend.external': Object.keys(SuiteSchema.shape.backend.unwrap().shape.external.unwrap().shape),
  'benchmarks.dataset': Object.keys(SuiteSchema.shape.benchmarks.element.shape.dataset.unwrap().shape),
  backend: ['external'],
  '': ['meta', 'defaults', 'judge', 'run', 'backend', 'models', 'benchmarks', 'pricing'],
  meta: Object.keys(SuiteSchema.shape.meta.unwrap().shape),
  defaults: Object.keys(SuiteSchema.shape.defaults.unwrap().shape),
  judge: Object.keys(SuiteSchema.shape.judge.unwrap().shape),
  run: Object.keys(SuiteSchema.shape.run.unwrap().shape),
  models: Object.keys(SuiteSchema.shape.models.element.shape),
  benchmarks: Object.keys(SuiteSchema.shape.benchmarks.element.shape),
}

/** `[[benchmarks]] #3` / `[run]` / `[backend.external]` — how the user sees the place in the file. */
export function tomlPlace(path: readonly PropertyKey[]): string {
  const [head, idx, ...rest] = path.map(String)
  if (head === undefined) return '(top level)'
  if ((head === 'models' || head === 'benchmarks') && idx !== undefined && /^\d+$/.test(idx)) {
    if (head === 'benchmarks' && rest[0] === 'dataset') return `[[benchmarks]] #${Number(idx) + 1} [benchmarks.dataset]${rest.length > 1 ? ` key "${rest.slice(1).join('.')}"` : ''}`
    const key = rest.length ? ` key "${rest.join('.')}"` : ''
    return `[[${head}]] #${Number(idx) + 1}${key}`
  }
  const tail = [idx, ...rest].filter((x) => x !== undefined)
  if (head === 'pricing' && idx !== undefined) return `[pricing."${idx}"]${rest.length ? ` key "${rest.join('.')}"` : ''}`
  if (head === 'backend') return `[backend${tail.length ? `.${tail[0]}` : ''}]${tail.length > 1 ? ` key "${tail.slice(1).join('.')}"` : ''}`
  return `[${head}]${tail.length ? ` key "${tail.join('.')}"` : ''}`
}

function formatIssue(issue: z.core.$ZodIssue, raw: unknown, source: string): string {
  if (issue.code === 'unrecognized_keys') {
    const section = issue.path.filter((p) => typeof p === 'string').join('.')
    const known = SECTION_KEYS[section] ?? (issue.path[0] === 'pricing' ? Object.keys(PriceSchema.shape) : [])
    const key = issue.keys[0]
    const elsewhere = GENERATION_KEYS.find((k) => closeMatches(key, [k]).length > 0)
    const hint =
      didYouMean(key, known) ||
      (elsewhere && section === 'run' ? ` "${elsewhere}" belongs in [defaults], [[models]] or [[benchmarks]].` : '') ||
      (known.length ? ` Known keys: ${known.join(', ')}.` : '')
    return `${source} ${tomlPlace(issue.path)}: unknown key "${key}".${hint}`
  }
  const place = tomlPlace(issue.path)
  const top = issue.path.length === 1 ? String(issue.path[0]) : ''
  if ((top === 'models' || top === 'benchmarks') && issue.code !== 'too_small') {
    const got = valueAt(raw, issue.path)
    if (got === undefined) return `${source}: no [[${top}]] block. Add at least one, e.g. [[${top}]] with name = "${top === 'models' ? 'qwen3:8b' : 'supergpqa'}".`
    return `${source}: write [[${top}]] (one block per ${top === 'models' ? 'model' : 'benchmark'}, double brackets), not [${top}].`
  }
  if ((top === 'models' || top === 'benchmarks') && issue.code === 'too_small') return `${source}: at least one [[${top}]] block is required.`
  if (issue.code === 'invalid_type') {
    const got = valueAt(raw, issue.path)
    if (got === undefined) return `${source} ${place}: missing required value (expected ${issue.expected}). Add it.`
    return `${source} ${place}: expected ${issue.expected}, got ${JSON.stringify(got)}. Fix the value's type.`
  }
  if (issue.code === 'invalid_value') {
    const got = valueAt(raw, issue.path)
    const options = issue.values.map(String)
    const near = typeof got === 'string' ? closeMatches(got, options) : []
    return `${source} ${place}: ${JSON.stringify(got)} is not allowed; expected one of ${options.join(', ')}.${near.length ? ` Did you mean "${near[0]}"?` : ''}`
  }
  return `${source} ${place}: ${issue.message}.`
}

const GENERATION_KEYS = ['temperature', 'max_tokens']

function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = raw
  for (const p of path) {
    if (cur === null || typeof cur !== 'object') return undefined
    cur = (cur as Record<PropertyKey, unknown>)[p]
  }
  return cur
}
