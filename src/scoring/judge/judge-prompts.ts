// Judge prompts shared by several benchmarks. The wording paraphrases OpenJarvis's (openjarvis-evals.md §2.3,
// §2.4); every structured prompt ends with the same three-line reply format that parseCorrectVerdict reads.
import type { ChatMessage } from '../../core/messages.ts'
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

export interface StructuredPromptParts {
  /** The opening line: who grades what. */
  intro: string
  /** Numbered guidelines before the item. */
  guidelines?: string[]
  /** Labels of the question and the reference (default "Question", "Ground truth answer"). */
  questionLabel?: string
  referenceLabel?: string
  /** The instruction after the item. */
  instruction?: string
}

/**
 * The skeleton every structured judge prompt shares: intro, guidelines, the item (question, reference,
 * prediction), an instruction, then the three-line reply format parseCorrectVerdict reads.
 */
export function structuredJudgePrompt(parts: StructuredPromptParts, p: JudgeInput): string {
  const lines = [parts.intro, '']
  if (parts.guidelines?.length) lines.push('Guidelines:', ...parts.guidelines.map((g, i) => `${i + 1}. ${g}`), '')
  lines.push(`${parts.questionLabel ?? 'Question'}: ${p.question}`, `${parts.referenceLabel ?? 'Ground truth answer'}: ${p.reference}`, `Predicted answer: ${p.prediction}`, '')
  if (parts.instruction) lines.push(parts.instruction, '')
  lines.push(STRUCTURED_REPLY_FORMAT)
  return lines.join('\n')
}

/** Math and reasoning answers (math500, natural-reasoning). */
export const reasoningJudgePrompt = (p: JudgeInput): string =>
  structuredJudgePrompt(
    {
      intro: "You are grading an AI system's answer to a reasoning problem against the ground-truth answer.",
      instruction: 'Judge only whether the final answer is mathematically or logically the same as the ground truth; the way it was reached does not matter. Equivalent forms (1/2 and 0.5, reordered terms) count as the same.',
    },
    p,
  )

/** A structured prompt goes to the judge as a single user message, with no system prompt (as OpenJarvis). */
export const userMessage = (content: string): ChatMessage[] => [{ role: 'user', content }]
