// The IPW judge prompt (paraphrasing OpenJarvis's: FRAMES' guidelines plus exact numbers). The model gets
// each row's prompt as it is.
import { structuredJudgePrompt, type JudgeInput } from '../../src/scoring/judge/judge-prompts.ts'
import { framesGuidelines } from '../frames/prompt.ts'

export const judgePrompt = (p: JudgeInput): string =>
  structuredJudgePrompt(
    {
      intro: "You are grading an AI system's answer against a reference answer.",
      guidelines: [...framesGuidelines('reference'), 'Numbers must match exactly, in any format ($1,000 and 1000 are the same).'],
      questionLabel: 'Question or prompt',
      referenceLabel: 'Reference answer',
    },
    p,
  )
