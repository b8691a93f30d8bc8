// PaperArena prompts, paraphrasing OpenJarvis's (openjarvis-evals.md §2.4): a research-assistant line (for
// multiple choice: the letter alone), the paper context, the question, the options as "  A) …"; a judge for
// closed and open answers that accepts the same meaning and reasonable rounding.
import type { ChatMessage } from '../../src/core/messages.ts'
import { LETTERS } from '../../src/scoring/mcq.ts'

export const SYSTEM_LINE =
  'You are a scientific research assistant. Read the paper context carefully and answer the question. For a multiple-choice question, reply with the letter of your choice alone (A, B, C or D); for any other question, give a precise answer.'

export function buildPrompt(context: string, question: string, options: readonly string[] | null): string {
  const parts = [SYSTEM_LINE]
  if (context) parts.push(`## Paper Context\n${context}`)
  parts.push(`## Question\n${question}`)
  if (options?.length) parts.push(`Options:\n${options.map((o, i) => `  ${LETTERS[i]}) ${o}`).join('\n')}`)
  return parts.join('\n\n')
}

export const judgeMessages = (question: string, reference: string, answer: string): ChatMessage[] => [
  {
    role: 'user',
    content: [
      'You are grading the answer to a question about a scientific paper.',
      '',
      '## Question',
      question,
      '',
      '## Reference Answer',
      reference,
      '',
      "## The Agent's Answer",
      answer,
      '',
      'Is the answer correct? Judge meaning, not wording; for numbers, accept reasonable rounding.',
      'Begin your reply with exactly one word, CORRECT or INCORRECT.',
    ].join('\n'),
  },
]
