// knowledge_base prompts: OpenJarvis's instruction (paraphrased) and its judge's named fields.
import { rubricReplyFormat, type RubricField } from '../../src/scoring/judge/rubric.ts'
import type { KbItem } from './loader.ts'

export const CANNOT_DETERMINE = 'Cannot be determined from the provided documents.'

export function buildPrompt(item: Pick<KbItem, 'documents' | 'question'>): string {
  return [
    'You are a knowledge base assistant. Answer the question below using only the information provided in the document excerpts.',
    `If the answer cannot be determined from the documents, say "${CANNOT_DETERMINE}"`,
    '',
    'Documents:',
    item.documents,
    '',
    `Question: ${item.question}`,
    '',
    'Give a concise, accurate answer based only on the documents above.',
  ].join('\n')
}

export const JUDGE_FIELDS: readonly RubricField[] = [
  { name: 'factually_correct', kind: 'yesno' },
  { name: 'completeness', kind: 'choice', choices: ['complete', 'partial', 'missing'] },
  { name: 'reasoning', kind: 'text' },
  { name: 'overall_correct', kind: 'yesno' },
]

export function judgePrompt(p: { question: string; reference: string; response: string }): string {
  return [
    "You are grading a knowledge base assistant's answer against the reference answer taken from the documents.",
    'The answer is correct when it states the facts of the reference without contradicting them; other wording is fine, extra correct detail is fine, an invented or wrong fact is not.',
    '',
    `Question: ${p.question}`,
    `Reference answer: ${p.reference}`,
    `Assistant's answer: ${p.response}`,
    '',
    rubricReplyFormat(JUDGE_FIELDS),
  ].join('\n')
}
