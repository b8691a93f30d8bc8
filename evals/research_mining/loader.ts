// research_mining records: the 31 research questions of data/questions.jsonl (ours, in OpenJarvis's shape:
// question, domain, scope and the key facts a good synthesis covers).
//
//   QuestionSchema, loadResearchQuestions(ctx), toRecord(question)
import { z } from 'zod'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { readBundledRows } from '../../src/datasets/bundled-rows.ts'
import { buildPrompt } from './prompt.ts'

export const QuestionSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  question: z.string().min(15),
  domain: z.string().min(3),
  scope: z.string().min(5),
  key_facts: z.array(z.string().min(10)).min(3),
})
export type ResearchQuestion = z.infer<typeof QuestionSchema>

export const DATA = new URL('./data/questions.jsonl', import.meta.url)

export function toRecord(q: ResearchQuestion): EvalRecord {
  return {
    record_id: `research_mining-${q.id}`,
    problem: buildPrompt(q),
    reference: q.key_facts.join('; '),
    category: 'use-case',
    subject: 'research_mining',
    metadata: { question_id: q.id, question: q.question, domain: q.domain, scope: q.scope, key_facts: q.key_facts },
  }
}

export const loadResearchQuestions = async (_ctx: LoadContext): Promise<EvalRecord[]> => (await readBundledRows(DATA, QuestionSchema)).map(toRecord)
