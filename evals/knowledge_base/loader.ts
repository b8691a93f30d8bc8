// knowledge_base records: the 30 document + question + answer items of data/items.jsonl (ours, in OpenJarvis's
// shape: a string of document excerpts, a question, a reference answer; two items cannot be answered from
// their documents and expect OpenJarvis's refusal sentence).
//
//   KbItemSchema, loadKnowledgeBase(ctx), toRecord(item)
import { z } from 'zod'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { readBundledRows } from '../../src/datasets/bundled-rows.ts'
import { buildPrompt } from './prompt.ts'

export const KbItemSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  documents: z.string().min(80),
  question: z.string().min(10),
  answer: z.string().min(3),
})
export type KbItem = z.infer<typeof KbItemSchema>

export const DATA = new URL('./data/items.jsonl', import.meta.url)

export function toRecord(item: KbItem): EvalRecord {
  return {
    record_id: `knowledge_base-${item.id}`,
    problem: buildPrompt(item),
    reference: item.answer,
    category: 'use-case',
    subject: 'knowledge_base',
    metadata: { item_id: item.id, question: item.question },
  }
}

export const loadKnowledgeBase = async (_ctx: LoadContext): Promise<EvalRecord[]> => (await readBundledRows(DATA, KbItemSchema)).map(toRecord)
