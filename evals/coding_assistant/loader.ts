// coding_assistant records: the 30 bug-fix tasks of data/tasks.jsonl (ours, in OpenJarvis's shape: bug report,
// buggy code, the fixed reference, a pytest-style test module importing from `solution`, the bugs, and which
// tests fail before the fix). 10 easy, 10 medium, 10 hard; tasks.test.ts proves every reference in the sandbox.
//
//   TaskSchema, loadCodingAssistant(ctx), toRecord(task), entryPointOf(code)
import { z } from 'zod'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { readBundledRows } from '../../src/datasets/bundled-rows.ts'
import { buildPrompt } from './prompt.ts'

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const
const testName = z.string().regex(/^test_\w+$/)

export const TaskSchema = z
  .strictObject({
    id: z.string().regex(/^(easy|medium|hard)-[a-z0-9-]+$/),
    difficulty: z.enum(DIFFICULTIES),
    bug_report: z.string().min(20),
    buggy_code: z.string().min(20),
    fixed_code: z.string().min(20),
    test_code: z.string().includes('from solution import'),
    bugs: z.array(z.strictObject({ line: z.number().int().positive(), description: z.string().min(10) })).min(1),
    originally_failing_tests: z.array(testName).min(1),
    originally_passing_tests: z.array(testName),
  })
  .refine((t) => t.id.startsWith(`${t.difficulty}-`), { message: 'id must start with the difficulty', path: ['id'] })
  .refine((t) => t.bugs.every((b) => b.line <= t.buggy_code.split('\n').length), { message: 'a bug line is past the end of buggy_code', path: ['bugs'] })
export type CodingAssistantTask = z.infer<typeof TaskSchema>

export const DATA = new URL('./data/tasks.jsonl', import.meta.url)

/** The first top-level function or class: the block of the answer that defines it is the fix. */
export const entryPointOf = (code: string): string | null => /^(?:async\s+)?(?:def|class)\s+(\w+)/m.exec(code)?.[1] ?? null

export function toRecord(t: CodingAssistantTask): EvalRecord {
  return {
    record_id: `coding_assistant-${t.id}`,
    problem: buildPrompt(t),
    reference: t.fixed_code,
    category: 'use-case',
    subject: t.difficulty,
    metadata: {
      task_id: t.id,
      entry_point: entryPointOf(t.buggy_code),
      test_code: t.test_code,
      originally_failing_tests: t.originally_failing_tests,
      originally_passing_tests: t.originally_passing_tests,
      bugs: t.bugs,
    },
  }
}

export const loadTasks = (): Promise<CodingAssistantTask[]> => readBundledRows(DATA, TaskSchema)
export const loadCodingAssistant = async (_ctx: LoadContext): Promise<EvalRecord[]> => (await loadTasks()).map(toRecord)
