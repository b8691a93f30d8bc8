import { readTableFile } from '../../src/datasets/read-file.ts'
import { stableHash } from '../../src/datasets/select.ts'
import type { EvalRecord, LoadContext } from '../../src/harness/types.ts'
import { locateIpwData } from './locate.ts'

const ID_COLUMNS = ['id', 'task_id', 'uid', 'question_id', 'sample_id', 'record_id'] as const

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim())

/** One IPW row → record: the prompt goes to the model as it is; the whole row is kept as metadata. */
export function toRecord(row: Record<string, unknown>): EvalRecord | null {
  const problem = str(row.problem) || str(row.prompt) || str(row.question)
  const answer = str(row.answer) || str(row.expected_answer) || str(row.reference)
  if (!problem || !answer) return null
  const id = ID_COLUMNS.map((k) => str(row[k])).find(Boolean) ?? stableHash(problem)
  return {
    record_id: `ipw-${id.replace(/[^\w.:-]+/g, '-')}`,
    problem,
    reference: answer,
    category: 'chat',
    subject: str(row.subject) || 'general',
    metadata: { ...row, question: problem },
  }
}

export async function loadIpw(ctx: LoadContext): Promise<EvalRecord[]> {
  const files = locateIpwData(ctx.subset)
  const records: EvalRecord[] = []
  const seen = new Set<string>()
  let rows = 0
  for (const file of files) {
    for (const row of await readTableFile(file)) {
      rows++
      const r = toRecord(row)
      if (r && !seen.has(r.record_id)) {
        seen.add(r.record_id)
        records.push(r)
      }
    }
  }
  ctx.log(`read ${rows} rows from ${files.join(', ')}`)
  if (records.length < rows) ctx.log(`${rows - records.length} rows without problem or answer, or repeating an id, were dropped`)
  return records
}
