import { readTableFile } from '../../src/datasets/read-file.ts'
import { stableHash } from '../../src/datasets/select.ts'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { locateIpwData } from './locate.ts'
import { cellText } from '../../src/datasets/cell.ts'
import { DistinctRecords } from '../../src/datasets/distinct-records.ts'

const ID_COLUMNS = ['id', 'task_id', 'uid', 'question_id', 'sample_id', 'record_id'] as const

/** One IPW row → record: the prompt goes to the model as it is; the whole row is kept as metadata. */
export function toRecord(row: Record<string, unknown>): EvalRecord | null {
  const problem = cellText(row.problem) || cellText(row.prompt) || cellText(row.question)
  const answer = cellText(row.answer) || cellText(row.expected_answer) || cellText(row.reference)
  if (!problem || !answer) return null
  const id = ID_COLUMNS.map((k) => cellText(row[k])).find(Boolean) ?? stableHash(problem)
  return {
    record_id: `ipw-${id.replace(/[^\w.:-]+/g, '-')}`,
    problem,
    reference: answer,
    category: 'chat',
    subject: cellText(row.subject) || 'general',
    metadata: { ...row, question: problem },
  }
}

export async function loadIpw(ctx: LoadContext): Promise<EvalRecord[]> {
  const files = locateIpwData(ctx.subset)
  const distinct = new DistinctRecords(toRecord)
  const records: EvalRecord[] = []
  for (const file of files) records.push(...distinct.take(await readTableFile(file)))
  const rows = distinct.rows
  ctx.log(`read ${rows} rows from ${files.join(', ')}`)
  if (records.length < rows) ctx.log(`${rows - records.length} rows without problem or answer, or repeating an id, were dropped`)
  return records
}
