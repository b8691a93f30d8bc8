// GAIA prompts, paraphrasing OpenJarvis's (openjarvis-evals.md §2.4): the answer rules, a file block when the
// task has an attachment, then the question. The attachment is in the sample's work dir (the agent's file tools
// see it under its own name), not at an absolute path on the harness's disk as in OpenJarvis.
import { structuredJudgePrompt, type JudgeInput } from '../../src/scoring/judge/judge-prompts.ts'
import { GAIA_ANSWER_RULES } from '../shared/gaia-answer-rules.ts'

export function fileBlock(fileName: string): string {
  return [
    `The question refers to a file, "${fileName}", which is in your working directory; you will most likely need it to find the answer.`,
    `Read it with the file tools (file_read with the path "${fileName}"; a binary format such as a spreadsheet or a PDF needs code_interpreter).`,
  ].join('\n')
}

export function buildPrompt(question: string, fileName: string | null): string {
  return [GAIA_ANSWER_RULES.join('\n'), ...(fileName ? [fileBlock(fileName)] : []), `Here is the question:\n\n${question}`].join('\n\n')
}

export const judgePrompt = (p: JudgeInput): string =>
  structuredJudgePrompt(
    {
      intro: 'Decide whether the predicted answer to a GAIA task means the same as the gold target.',
      guidelines: [
        'Numbers must be equal; only their format may differ ($1,000 and 1000 are the same number).',
        'A list must hold every element of the gold list; the order does not matter.',
        'Strings must mean the same; case and punctuation do not matter.',
      ],
      referenceLabel: 'Gold target',
    },
    p,
  )
