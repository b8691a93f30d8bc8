// TerminalBench (Hub, judge path) prompts. OpenJarvis sent the task text alone; here a system line says what
// kind of answer is graded, since nothing is executed. The judge paraphrases OpenJarvis's functional-equivalence
// grader (openjarvis-evals.md §2.4) and ends with the structured reply format.
import { structuredJudgePrompt, type JudgeInput } from '../../src/scoring/judge/judge-prompts.ts'

export const SYSTEM =
  'You are working in a Linux terminal. Nothing you write is executed: answer with the exact shell commands that complete the task, and the output they would produce when the task asks for output.'

export const judgePrompt = (p: JudgeInput): string =>
  structuredJudgePrompt(
    {
      intro: "You are grading an AI system's answer to a terminal / command-line task against the ground-truth answer.",
      guidelines: [
        'Functional equivalence counts: the commands or output need not match word for word, they must achieve the same result.',
        'The essential behaviour, output or command of the ground truth must be in the prediction.',
        'Whitespace, quoting style, flag order and other trivial formatting differences do not matter.',
        'When the ground truth has several parts, every essential part must be present.',
        'Extra correct information is fine; extra incorrect information makes the answer wrong.',
      ],
      questionLabel: 'Task',
    },
    p,
  )
