// daily_digest records: the 30 synthetic days of data/days.jsonl (ours, in OpenJarvis's shape: role, company,
// date, calendar, todos, messages, news interests, the phrases a digest must mention and the ones that must come
// first). 10 per tier: easy days have one clear priority, hard ones double bookings, deadlines and distractors.
//
//   DaySchema, loadDailyDigest(ctx), toRecord(day)
import { z } from 'zod'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { readBundledRows } from '../../src/datasets/bundled-rows.ts'
import { CalendarEventSchema, MessageSchema, TodoSchema } from '../shared/day-context.ts'
import { buildPrompt } from './prompt.ts'

export const DaySchema = z
  .strictObject({
    id: z.string().regex(/^(easy|medium|hard)-[a-z0-9-]+$/),
    difficulty: z.enum(['easy', 'medium', 'hard']),
    role: z.string().min(3),
    company: z.string().min(2),
    date: z.string().min(8),
    calendar: z.array(CalendarEventSchema).min(2),
    todos: z.array(TodoSchema).min(2),
    messages: z.array(MessageSchema).min(1),
    news_interests: z.array(z.string().min(3)).min(1),
    must_mention: z.array(z.string().min(3)).min(3),
    priority_order: z.array(z.string().min(3)).min(1),
  })
  .refine((d) => d.id.startsWith(`${d.difficulty}-`), { message: 'id must start with the difficulty', path: ['id'] })
  .refine((d) => d.priority_order.every((p) => d.must_mention.includes(p)), { message: 'every priority must also be a must-mention phrase', path: ['priority_order'] })
export type Day = z.infer<typeof DaySchema>

export const DATA = new URL('./data/days.jsonl', import.meta.url)

export function toRecord(d: Day): EvalRecord {
  return {
    record_id: `daily_digest-${d.id}`,
    problem: buildPrompt(d),
    reference: d.must_mention.join('; '),
    category: 'use-case',
    subject: d.difficulty,
    metadata: { day_id: d.id, must_mention: d.must_mention, priority_order: d.priority_order },
  }
}

export const loadDays = (): Promise<Day[]> => readBundledRows(DATA, DaySchema)
export const loadDailyDigest = async (_ctx: LoadContext): Promise<EvalRecord[]> => (await loadDays()).map(toRecord)
