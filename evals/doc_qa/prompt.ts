// doc_qa prompt (OpenJarvis's instruction and document layout, paraphrased) and its five checklist items.
import type { DocQaTask } from './loader.ts'

export function buildPrompt(t: Pick<DocQaTask, 'question' | 'documents'>): string {
  return [
    'Answer the following question using ONLY the provided documents. Cite which document(s) support each claim (e.g., [Doc 1], [Doc 3]).',
    '',
    '## Question',
    t.question,
    '',
    ...t.documents.flatMap((d, i) => [`### Document ${i + 1}: ${d.title}`, d.content, '']),
  ].join('\n').trimEnd()
}

export function checklistItems(question: string): string[] {
  return [
    'The answer uses only facts found in the documents.',
    `The answer addresses the question: ${question}`,
    'The answer contains no hallucinated details and does not repeat superseded or unverified claims as fact.',
    'Citations such as [Doc 2] are present and point to the documents that support each claim.',
    'The answer is clear and well organized.',
  ]
}
