// SimpleQA prompts, paraphrasing OpenJarvis's (a short factual answer; a binary semantic-equivalence judge).
import { structuredJudgePrompt, type JudgeInput } from '../../src/scoring/judge/judge-prompts.ts'

export const PROMPT_TEMPLATE =
  'Answer the following question with a short factual answer: a word, a phrase, a name, a number or a date. Give no explanation or extra context.\n\nQuestion: {question}'

export const buildPrompt = (question: string): string => PROMPT_TEMPLATE.replace('{question}', () => question)

export const judgePrompt = (p: JudgeInput): string =>
  structuredJudgePrompt(
    {
      intro: 'You are checking whether a predicted answer to a factual question matches the gold answer.',
      referenceLabel: 'Gold answer',
      instruction: 'The prediction is correct when it means the same as the gold answer; differences of formatting, capitalization or wording do not matter. A prediction that hedges between several answers, or contradicts the gold answer anywhere, is not correct.',
    },
    p,
  )
