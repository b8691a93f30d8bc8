// coding_task records: the 29 built-in tasks (tasks.ts), no download. Record ids are the task ids.
//
//   loadCodingTasks(ctx): Promise<EvalRecord[]>
//   toRecord(task): EvalRecord
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { buildPrompt } from './prompt.ts'
import { TASKS, type CodingTask } from './tasks.ts'

export function toRecord(task: CodingTask): EvalRecord {
  return {
    record_id: `coding_task-${task.id}`,
    problem: buildPrompt(task),
    reference: task.reference,
    category: 'use-case',
    subject: 'coding_task',
    metadata: { task_id: task.id, entry_point: task.entry_point, signature: task.signature, test_cases: task.test_cases },
  }
}

export async function loadCodingTasks(_ctx: LoadContext): Promise<EvalRecord[]> {
  return TASKS.map(toRecord)
}
