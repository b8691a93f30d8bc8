// doc_qa records: the 30 question + document-set tasks of data/tasks.jsonl (ours, in OpenJarvis's shape: a
// question, 3–6 documents, the required facts and the document each comes from). 10 per tier: easy sets have
// the answer in one document; hard ones spread it over three and add superseded or unverified documents.
//
//   TaskSchema, loadDocQa(ctx), toRecord(task)
import { z } from 'zod'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { readBundledRows } from '../../src/datasets/bundled-rows.ts'
import { buildPrompt } from './prompt.ts'

export const TaskSchema = z
  .strictObject({
    id: z.string().regex(/^(easy|medium|hard)-[a-z0-9-]+$/),
    difficulty: z.enum(['easy', 'medium', 'hard']),
    question: z.string().min(10),
    documents: z.array(z.strictObject({ title: z.string().min(3), content: z.string().min(20) })).min(3).max(6),
    /** source_doc_index is 0-based; the prompt numbers documents from 1 ([Doc 1] is index 0). */
    required_facts: z.array(z.strictObject({ fact: z.string().min(3), source_doc_index: z.number().int().nonnegative() })).min(1),
  })
  .refine((t) => t.required_facts.every((f) => f.source_doc_index < t.documents.length), { message: 'a fact points past the last document', path: ['required_facts'] })
export type DocQaTask = z.infer<typeof TaskSchema>

export const DATA = new URL('./data/tasks.jsonl', import.meta.url)

export function toRecord(t: DocQaTask): EvalRecord {
  return {
    record_id: `doc_qa-${t.id}`,
    problem: buildPrompt(t),
    reference: t.required_facts.map((f) => f.fact).join('; '),
    category: 'use-case',
    subject: t.difficulty,
    metadata: {
      task_id: t.id,
      question: t.question,
      required_facts: t.required_facts.map((f) => f.fact),
      /** Each required fact's document, 1-based as the prompt numbers them. */
      fact_sources: t.required_facts.map((f) => f.source_doc_index + 1),
      /** The documents the facts come from, numbered as the prompt shows them (1-based). */
      source_docs: [...new Set(t.required_facts.map((f) => f.source_doc_index + 1))].sort((a, b) => a - b),
    },
  }
}

export const loadTasks = (): Promise<DocQaTask[]> => readBundledRows(DATA, TaskSchema)
export const loadDocQa = async (_ctx: LoadContext): Promise<EvalRecord[]> => (await loadTasks()).map(toRecord)
