// browser_assistant records: the 30 web-research questions of data/questions.jsonl (ours, in OpenJarvis's
// shape and totals: expected facts typed exact or semantic, 21 exact and 56 semantic). 10 per tier: easy
// questions are one lookup, hard ones explain an incident or compare two things.
//
//   QuestionSchema, loadBrowserAssistant(ctx), toRecord(question)
import { z } from 'zod'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { readBundledRows } from '../../src/datasets/bundled-rows.ts'
import { buildPrompt } from './prompt.ts'

export const QuestionSchema = z
  .strictObject({
    id: z.string().regex(/^(easy|medium|hard)-[a-z0-9-]+$/),
    difficulty: z.enum(['easy', 'medium', 'hard']),
    question: z.string().min(10),
    expected_facts: z.array(z.strictObject({ fact: z.string().min(3), type: z.enum(['exact', 'semantic']) })).min(1),
  })
  .refine((q) => q.id.startsWith(`${q.difficulty}-`), { message: 'id must start with the difficulty', path: ['id'] })
export type BrowserQuestion = z.infer<typeof QuestionSchema>

export const DATA = new URL('./data/questions.jsonl', import.meta.url)

export function toRecord(q: BrowserQuestion): EvalRecord {
  const of = (type: 'exact' | 'semantic') => q.expected_facts.filter((f) => f.type === type).map((f) => f.fact)
  return {
    record_id: `browser_assistant-${q.id}`,
    problem: buildPrompt(q.question),
    reference: q.expected_facts.map((f) => f.fact).join('; '),
    category: 'use-case',
    subject: q.difficulty,
    metadata: { question_id: q.id, question: q.question, exact_facts: of('exact'), semantic_facts: of('semantic') },
  }
}

export const loadQuestions = (): Promise<BrowserQuestion[]> => readBundledRows(DATA, QuestionSchema)
export const loadBrowserAssistant = async (_ctx: LoadContext): Promise<EvalRecord[]> => (await loadQuestions()).map(toRecord)
