// The IPW judge prompt (paraphrasing OpenJarvis's: FRAMES' guidelines plus exact numbers). The model gets
// each row's prompt as it is.
import { STRUCTURED_REPLY_FORMAT, type JudgeInput } from '../../src/scoring/judge-prompts.ts'

export function judgePrompt(p: JudgeInput): string {
  return [
    "You are grading an AI system's answer against a reference answer.",
    '',
    'Guidelines:',
    '1. Meaning counts, not wording: equivalent information is correct.',
    '2. The essential facts of the reference must be in the prediction.',
    '3. Capitalization, punctuation, formatting and word order do not matter.',
    '4. When the reference has several parts, every essential part must be present.',
    '5. Extra correct information is fine; extra incorrect information makes the answer wrong.',
    '6. Numbers must match exactly, in any format ($1,000 and 1000 are the same).',
    '',
    `Question or prompt: ${p.question}`,
    `Reference answer: ${p.reference}`,
    `Predicted answer: ${p.prediction}`,
    '',
    STRUCTURED_REPLY_FORMAT,
  ].join('\n')
}
