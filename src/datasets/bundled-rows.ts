// A dataset shipped inside the repository (the synthetic use-case sets): one JSONL file, every row checked
// against the benchmark's zod schema when it is read, so a malformed row fails the load with its line number
// instead of scoring a sample against half a record.
//
//   readBundledRows(path, schema): Promise<T[]>
import { fileURLToPath } from 'node:url'
import type { z } from 'zod'
import { JarvisError } from '../core/errors.ts'
import { readJsonlRows } from './jsonl.ts'

export async function readBundledRows<S extends z.ZodType>(path: string | URL, schema: S): Promise<z.infer<S>[]> {
  const file = typeof path === 'string' ? path : fileURLToPath(path)
  let line = 0
  return readJsonlRows(file, (row) => {
    line++
    const parsed = schema.safeParse(row)
    if (parsed.success) return parsed.data
    const issue = parsed.error.issues[0]
    const at = issue.path.length ? issue.path.join('.') : 'row'
    const id = typeof row.id === 'string' ? ` (id ${row.id})` : ''
    throw new JarvisError('JARVIS_DATASET', `${file}: row ${line}${id}: ${at}: ${issue.message}. Fix the row so it matches the benchmark's schema.`)
  })
}
