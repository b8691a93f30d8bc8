// TerminalBench, the judge path: terminal-bench/terminal-bench on the Hub, split test (its parquet conversion).
// No container: the answer is text and a judge grades it (terminalbench-v2.1 runs tasks in containers). The
// dataset's field names vary, so as OpenJarvis: the task from prompt | question | instruction (| base_description),
// the reference from answer | expected_output | gold_answer (| solution), the subject from category | type, the
// id from id | task_id (else a hash of the task). A row without a reference is kept and unscored (no_reference).
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { cellText } from '../../src/datasets/cell.ts'
import { loadHubRows } from '../../src/datasets/hub.ts'
import type { Row } from '../../src/datasets/parquet.ts'
import { stableHash } from '../../src/datasets/select.ts'
import { SYSTEM } from './prompt.ts'

export const DATASET = { repo: 'terminal-bench/terminal-bench', split: 'test' } as const

const first = (row: Row, keys: string[]) => keys.map((k) => cellText(row[k]).trim()).find(Boolean) ?? ''

export function toRecord(row: Row): EvalRecord | null {
  const question = first(row, ['prompt', 'question', 'instruction', 'base_description'])
  if (!question) return null
  const category = first(row, ['category', 'type']) || 'terminal'
  const id = first(row, ['id', 'task_id']) || stableHash(question)
  return {
    record_id: `terminalbench-${id}`,
    system: SYSTEM,
    problem: question,
    reference: first(row, ['answer', 'expected_output', 'gold_answer', 'solution']),
    category: 'agentic',
    subject: category,
    metadata: { task_id: id, question, original_category: category, difficulty: cellText(row.difficulty) || null },
  }
}

export async function loadTerminalBench(ctx: LoadContext): Promise<EvalRecord[]> {
  const rows = await loadHubRows({ ...DATASET, split: ctx.split ?? DATASET.split }, undefined, { signal: ctx.signal })
  const records = rows.map(toRecord).filter((r): r is EvalRecord => r !== null)
  if (records.length < rows.length) ctx.log(`${rows.length - records.length} rows without a task were dropped`)
  const unref = records.filter((r) => !r.reference).length
  if (unref) ctx.log(`${unref} tasks have no reference answer and will be unscored`)
  return records
}
