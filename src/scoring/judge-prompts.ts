// Judge prompts shared by several benchmarks. The wording paraphrases OpenJarvis's (openjarvis-evals.md §2.3,
// §2.4); every structured prompt ends with the same three-line reply format that parseCorrectVerdict reads.
import type { ChatMessage } from '../harness/types.ts'

export const STRUCTURED_REPLY_FORMAT = [
  'Reply in exactly this format, one field per line:',
  'extracted_final_answer: <the final answer taken from the predicted answer, or None if it gives none>',
  'reasoning: <a short explanation of why it is or is not correct>',
  'correct: <yes or no>',
].join('\n')

export interface JudgeInput {
  question: string
  reference: string
  prediction: string
}

/** Math and reasoning answers (math500, natural-reasoning). */
export function reasoningJudgePrompt(p: JudgeInput): string {
  return [
    "You are grading an AI system's answer to a reasoning problem against the ground-truth answer.",
    '',
    `Question: ${p.question}`,
    `Ground truth answer: ${p.reference}`,
    `Predicted answer: ${p.prediction}`,
    '',
    'Judge only whether the final answer is mathematically or logically the same as the ground truth; the way it was reached does not matter. Equivalent forms (1/2 and 0.5, reordered terms) count as the same.',
    '',
    STRUCTURED_REPLY_FORMAT,
  ].join('\n')
}

/** A structured prompt goes to the judge as a single user message, with no system prompt (as OpenJarvis). */
export const userMessage = (content: string): ChatMessage[] => [{ role: 'user', content }]
