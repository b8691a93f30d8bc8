// morning_brief records: the 15 synthetic days of data/contexts.jsonl (ours, in OpenJarvis's shape: date,
// calendar, todos, news topics, messages and the key priorities a good brief puts first).
//
//   ContextSchema, loadMorningBriefs(ctx), toRecord(context)
import { z } from 'zod'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { readBundledRows } from '../../src/datasets/bundled-rows.ts'
import { CalendarEventSchema, MessageSchema, TodoSchema } from '../shared/day-context.ts'
import { buildPrompt, userContext } from './prompt.ts'

export const ContextSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  date: z.string().min(8),
  calendar: z.array(CalendarEventSchema).min(2),
  todos: z.array(TodoSchema).min(2),
  news_topics: z.array(z.string().min(3)).min(1),
  messages: z.array(MessageSchema).min(2),
  /** The priorities, "; "-separated: the judge's reference and, without a judge, the heuristic's phrases. */
  key_priorities: z.string().min(20),
})
export type MorningContext = z.infer<typeof ContextSchema>

export const DATA = new URL('./data/contexts.jsonl', import.meta.url)

export function toRecord(c: MorningContext): EvalRecord {
  return {
    record_id: `morning_brief-${c.id}`,
    problem: buildPrompt(c),
    reference: c.key_priorities,
    category: 'use-case',
    subject: 'morning_brief',
    metadata: { context_id: c.id, date: c.date, user_context: userContext(c) },
  }
}

export const loadMorningBriefs = async (_ctx: LoadContext): Promise<EvalRecord[]> => (await readBundledRows(DATA, ContextSchema)).map(toRecord)
