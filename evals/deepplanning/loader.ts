// DeepPlanning: Qwen/DeepPlanning, its shopping cases in database_level{1,2,3}.tar.gz. The tarballs are read as
// streams (src/datasets/tar-stream.ts): nothing is extracted to disk. A case is a folder <top>/<case>/ holding
// validation_cases.json (query, ground_truth_products, meta_info) and products.jsonl (the catalog, put whole
// in the prompt). Record ids deepplanning-L<level>-<case>; subject shopping_L<level>; the reference lists the
// right products as "<brand> <name> ($<price>)" joined by "; ".
import { basename } from 'node:path/posix'
import { JarvisError } from '../../src/core/errors.ts'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { cellText } from '../../src/datasets/cell.ts'
import { loadHubSnapshot } from '../../src/datasets/hub-snapshot.ts'
import { readTarFile } from '../../src/datasets/tar-stream.ts'
import { buildPrompt } from './prompt.ts'

export const REPO = 'Qwen/DeepPlanning'
export const LEVELS = [1, 2, 3] as const
const TARBALL = /^database_level([123])\.tar\.gz$/
const WANTED = new Set(['validation_cases.json', 'products.jsonl'])

/** The case a member belongs to: the folder under the archive's top folder (OpenJarvis's parts[1]). */
export const caseOf = (path: string): string => {
  const parts = path.split('/').filter((p) => p && p !== '.')
  return parts.length >= 3 ? parts[1] : parts[0]
}

type Product = Record<string, unknown>

export function referenceOf(products: Product[]): string {
  return products.map((p) => `${cellText(p.brand)} ${cellText(p.name)} ($${cellText(p.price)})`.trim()).join('; ')
}

export function caseRecord(level: number, caseName: string, data: Record<string, unknown>, catalog: string): EvalRecord | null {
  const query = cellText(data.query).trim()
  if (!query) return null
  const truth = Array.isArray(data.ground_truth_products) ? (data.ground_truth_products as Product[]) : []
  const meta = Array.isArray(data.meta_info) ? (data.meta_info as Record<string, unknown>[]) : []
  return {
    record_id: `deepplanning-L${level}-${caseName}`,
    problem: buildPrompt(query, catalog.trim()),
    reference: referenceOf(truth),
    category: 'agentic',
    subject: `shopping_L${level}`,
    metadata: {
      task_type: 'shopping',
      level,
      difficulty: ['easy', 'medium', 'hard'][level - 1],
      case_name: caseName,
      query,
      n_products: truth.length,
      n_constraints: meta.reduce((n, m) => n + (Array.isArray(m.features) ? m.features.length : 0), 0),
      catalog_lines: catalog.trim() ? catalog.trim().split('\n').length : 0,
      ground_truth_products: truth,
      meta_info: meta,
    },
  }
}

export async function readLevel(path: string, level: number): Promise<EvalRecord[]> {
  const cases = new Map<string, { json?: Buffer; catalog?: Buffer }>()
  for await (const e of readTarFile(path, (p) => WANTED.has(basename(p)))) {
    const c = cases.get(caseOf(e.path)) ?? {}
    if (basename(e.path) === 'validation_cases.json') c.json = e.data
    else c.catalog = e.data
    cases.set(caseOf(e.path), c)
  }
  const out: EvalRecord[] = []
  for (const [name, c] of [...cases].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))) {
    if (!c.json) continue
    let data: unknown
    try {
      data = JSON.parse(c.json.toString('utf8'))
    } catch (e) {
      throw new JarvisError('JARVIS_DATASET', `${path}: ${name}/validation_cases.json is not JSON (${(e as Error).message}).`)
    }
    const r = data && typeof data === 'object' && !Array.isArray(data) ? caseRecord(level, name, data as Record<string, unknown>, c.catalog?.toString('utf8') ?? '') : null
    if (r) out.push(r)
  }
  return out
}

export async function loadDeepPlanning(ctx: LoadContext): Promise<EvalRecord[]> {
  const snap = await loadHubSnapshot({ repo: REPO, include: (p) => TARBALL.test(basename(p)), what: 'database_level{1,2,3}.tar.gz' }, undefined, { signal: ctx.signal })
  const records: EvalRecord[] = []
  for (const level of LEVELS) {
    const tar = snap.files.filter((f) => basename(f.path) === `database_level${level}.tar.gz`).sort((a, b) => a.path.length - b.path.length)[0]
    if (!tar) {
      ctx.log(`no database_level${level}.tar.gz in ${REPO}`)
      continue
    }
    records.push(...(await readLevel(tar.local, level)))
  }
  ctx.log(`${records.length} shopping cases`)
  return records
}
