// Where the IPW data is: it is not on the Hub, so the user points at a local copy.
//
//   locateIpwData(subset?, env = process.env): string[]     the data files to read, in order
//
// Order: [[benchmarks]] subset when it is a path; else JARVIS_IPW_DATA (a file, or a folder holding
// <name>.jsonl / <name>/ / any data file), with <name> = subset or mixed_1k_seed1_base. OpenJarvis looked in a
// folder that its repo does not ship, so the benchmark always failed (openjarvis-evals.md §2.4).
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { JarvisError } from '../../src/core/errors.ts'
import { formatFromPath } from '../../src/datasets/read-file.ts'

export const DEFAULT_NAME = 'mixed_1k_seed1_base'
export const ENV_VAR = 'JARVIS_IPW_DATA'

const isDir = (p: string) => existsSync(p) && statSync(p).isDirectory()
const isFile = (p: string) => existsSync(p) && statSync(p).isFile()
const dataFiles = (dir: string) => readdirSync(dir).filter((f) => formatFromPath(f) !== undefined).sort().map((f) => join(dir, f))

export function locateIpwData(subset?: string, env: Record<string, string | undefined> = process.env): string[] {
  const subsetIsPath = !!subset && (subset.includes('/') || subset.includes('\\') || formatFromPath(subset) !== undefined || existsSync(subset))
  const root = subsetIsPath ? subset! : env[ENV_VAR]?.trim()
  const name = subset && !subsetIsPath ? subset : DEFAULT_NAME
  if (!root) {
    throw new JarvisError(
      'JARVIS_DATASET',
      `ipw: no local data (the IPW set is not on the Hugging Face Hub). Set ${ENV_VAR}=/path/to/${DEFAULT_NAME}.jsonl (or a folder holding it), or [[benchmarks]] subset = "/path/to/data" in the suite.`,
    )
  }
  const where = resolve(root)
  if (isFile(where)) return [where]
  if (!isDir(where)) throw new JarvisError('JARVIS_DATASET', `ipw: ${where} does not exist. Point ${subsetIsPath ? '[[benchmarks]] subset' : ENV_VAR} at the IPW data file or its folder.`)
  for (const ext of ['jsonl', 'parquet', 'json', 'csv']) if (isFile(join(where, `${name}.${ext}`))) return [join(where, `${name}.${ext}`)]
  const named = join(where, name)
  const folder = isDir(named) ? named : where
  const files = dataFiles(folder)
  if (files.length > 0) return folder === where ? [files[0]] : files
  const arrow = readdirSync(folder).some((f) => f.endsWith('.arrow'))
  throw new JarvisError(
    'JARVIS_DATASET',
    arrow
      ? `ipw: ${folder} holds a datasets Arrow folder, which cannot be read here. Convert it once: python -c "import datasets; datasets.load_from_disk('${folder}').to_json('${folder}.jsonl')".`
      : `ipw: no ${name}.jsonl (or .parquet, .json, .csv) in ${where}. Put the IPW data there or point ${ENV_VAR} at the file.`,
  )
}
