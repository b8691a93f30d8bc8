// email_triage records: the 30 synthetic emails of data/emails.jsonl (ours, in OpenJarvis's shape and mix:
// urgency 3 critical / 9 high / 9 medium / 9 low, category 14 action / 6 decision / 7 info / 3 social).
//
//   EmailSchema, loadEmails(ctx), toRecord(email)
import { z } from 'zod'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { readBundledRows } from '../../src/datasets/bundled-rows.ts'
import { buildPrompt } from './prompt.ts'

export const URGENCIES = ['critical', 'high', 'medium', 'low'] as const
export const CATEGORIES = ['action', 'decision', 'info', 'social'] as const

export const EmailSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  sender: z.string().min(3),
  subject: z.string().min(3),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
  body: z.string().min(40),
  urgency: z.enum(URGENCIES),
  category: z.enum(CATEGORIES),
})
export type Email = z.infer<typeof EmailSchema>

export const DATA = new URL('./data/emails.jsonl', import.meta.url)

export function toRecord(e: Email): EvalRecord {
  return {
    record_id: `email_triage-${e.id}`,
    problem: buildPrompt(e),
    reference: `urgency: ${e.urgency}\ncategory: ${e.category}`,
    category: 'use-case',
    subject: 'email_triage',
    metadata: { email_id: e.id, urgency: e.urgency, category: e.category, subject_line: e.subject },
  }
}

export const loadEmails = async (_ctx: LoadContext): Promise<EvalRecord[]> => (await readBundledRows(DATA, EmailSchema)).map(toRecord)
