// SWE-bench-shaped rows (SWE-bench Verified, its mini subset, SWE-fficiency): the shared columns, the test lists
// (a JSON string in the Hub parquet, a list elsewhere), and the record metadata both benchmarks keep.
import { cellText } from '../../datasets/cell.ts'
import { JarvisError } from '../../core/errors.ts'

/** FAIL_TO_PASS / PASS_TO_PASS: a JSON list in a string, a list, or one test name. */
export function parseTestList(value: unknown): string[] {
  if (value === null || value === undefined) return []
  if (Array.isArray(value)) return value.map(String)
  const s = String(value).trim()
  if (!s) return []
  try {
    const v = JSON.parse(s)
    return Array.isArray(v) ? v.map(String) : [String(v)]
  } catch {
    return [s]
  }
}

export const REQUIRED = ['instance_id', 'repo', 'base_commit', 'problem_statement'] as const

export function checkColumns(row: Record<string, unknown>, benchmark: string, dataset: string): void {
  const missing = REQUIRED.filter((c) => !(c in row))
  if (missing.length) throw new JarvisError('JARVIS_DATASET', `${benchmark}: a row has no ${missing.join(', ')} column (columns: ${Object.keys(row).join(', ')}). Is this ${dataset}?`)
}

/** Record id part: the instance id as the dataset has it (astropy__astropy-12907). */
export const instanceId = (row: Record<string, unknown>): string => cellText(row.instance_id).trim()
