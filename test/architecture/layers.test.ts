import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, test } from 'vitest'
import { REPO_ROOT } from '../support/run-process.ts'

// The house's floors (docs/architecture.md): a module may import its own floor and the floors below it.
// Vitest entry files (*.eval.ts, the generated parts' evals/run-part.ts) and the public entries stand on top.
const FLOORS: [string, number][] = [
  ['src/core/', 0],
  ['src/stats/', 1],
  ['src/datasets/', 1],
  ['src/sandbox/', 1],
  ['src/telemetry/', 1],
  ['src/containers/', 1],
  ['src/databases/', 1],
  ['src/requirements/', 2],
  ['src/engines/', 2],
  ['src/config/', 3],
  ['src/scoring/', 4],
  ['src/tools/', 4],
  ['src/environments/', 4],
  ['src/results/', 4],
  ['src/backends/', 5],
  ['evals/', 6],
  ['src/harness/', 7],
  ['reporters/', 8],
  ['src/report/', 8],
  ['src/trackers/', 8],
  ['src/serve/', 8],
  ['src/cli/', 9],
]
const TOP = 10
const ENTRIES = [/^evals\/.*\.eval\.ts$/, /^evals\/run-part\.ts$/, /^src\/index\.ts$/, /^src\/eval\.ts$/, /^src\/config\/index\.ts$/, /^reporters\/index\.ts$/]

// The deliberate look-ups into a registry: which benchmarks and backends exist is the registries' to say.
const REGISTRY_LOOKUPS = new Set([
  'src/config/validate.ts → evals/registry.ts',
  'src/config/validate.ts → src/backends/index.ts',
  'src/config/schema.ts → src/backends/index.ts',
  // Which backends take agents and tools, and which tools exist (agent flags are checked before any call).
  'src/config/validate-agent.ts → src/backends/index.ts',
  'src/config/validate-agent.ts → src/tools/index.ts',
])

function floorOf(file: string): number | null {
  if (ENTRIES.some((re) => re.test(file))) return TOP
  if (/\.test\.ts$/.test(file)) return null
  const hit = FLOORS.find(([prefix]) => file.startsWith(prefix))
  return hit ? hit[1] : null
}

function sourceFiles(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(join(REPO_ROOT, dir))) {
    const rel = `${dir}/${name}`
    if (statSync(join(REPO_ROOT, rel)).isDirectory()) out.push(...sourceFiles(rel))
    else if (/\.(ts|mjs)$/.test(name)) out.push(rel)
  }
  return out
}

const FILES = ['src', 'evals', 'reporters'].flatMap(sourceFiles)

function importsOf(file: string): string[] {
  const text = readFileSync(join(REPO_ROOT, file), 'utf8')
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.\.?\/[^']+)'/g)].map((m) => m[1])
  return specs.map((s) => relative(REPO_ROOT, resolve(REPO_ROOT, dirname(file), s)))
}

describe('architecture', () => {
  test('no module imports a floor above its own, except the registry look-ups', () => {
    const upward: string[] = []
    for (const file of FILES) {
      const from = floorOf(file)
      if (from === null) continue
      for (const target of importsOf(file)) {
        const to = floorOf(target)
        const edge = `${file} → ${target}`
        if (to !== null && to > from && !REGISTRY_LOOKUPS.has(edge)) upward.push(`${edge} (floor ${from} → ${to})`)
      }
    }
    expect(upward).toEqual([])
  })

  test('every source folder has a floor', () => {
    const homeless = FILES.filter((f) => !/\.test\.ts$/.test(f) && floorOf(f) === null)
    expect(homeless).toEqual([])
  })

  test('no source file is over 400 lines', () => {
    const long = [...FILES, ...sourceFiles('test'), ...sourceFiles('bench')].filter((f) => readFileSync(join(REPO_ROOT, f), 'utf8').split('\n').length > 400)
    expect(long).toEqual([])
  })
})
