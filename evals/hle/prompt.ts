// HLE prompts. The model gets the question as it is, with a system prompt asking for the answer format of the
// official HLE harness (OpenJarvis sent no system prompt, so answers were rarely extractable); the judge
// prompt paraphrases OpenJarvis's HLE grader.
import { structuredJudgePrompt, type JudgeInput } from '../../src/scoring/judge/judge-prompts.ts'

export const SYSTEM_PROMPT = 'Your response should be in the following format:\nExplanation: <your explanation for your answer>\nAnswer: <your final answer>'

export const judgePrompt = (p: JudgeInput): string =>
  structuredJudgePrompt(
    {
      intro: "You are grading an AI system's answer to a hard question from Humanity's Last Exam (HLE) against the ground-truth answer.",
      instruction: 'Judge only whether the final answer is correct. These are expert-level questions: be strict about precision, and do not accept an answer that is merely close, vague, or hedged between options.',
    },
    p,
  )
