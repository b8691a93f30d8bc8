// AMA-Bench prompts, paraphrasing OpenJarvis's (openjarvis-evals.md §2.4; the paper's long-context baseline and
// its Appendix C.1 judge): the episode's task, its trajectory rendered turn by turn, then the question; a judge
// that answers yes or no.
import type { ChatMessage } from '../../src/core/messages.ts'

export interface Turn {
  turn_idx?: unknown
  action?: unknown
  observation?: unknown
}

const text = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v)).trim()

/** "Turn i / Action: … / Observation: …" per turn, a blank line between turns. */
export function renderTrajectory(turns: readonly Turn[]): string {
  return turns
    .map((t, i) => [`Turn ${t.turn_idx ?? i}`, `Action: ${text(t.action)}`, 'Observation:', text(t.observation)].join('\n'))
    .join('\n\n')
    .trim()
}

export const TRUNCATION_MARK = '\n\n[... the middle of the trajectory was cut to fit the context window ...]\n\n'

/** Over the budget, the first and the last half of it are kept and the middle dropped (the paper's Appendix B). */
export function truncateTrajectory(rendered: string, maxChars: number): { text: string; truncated: boolean } {
  if (rendered.length <= maxChars) return { text: rendered, truncated: false }
  const half = Math.floor((maxChars - TRUNCATION_MARK.length) / 2)
  if (half <= 0) return { text: rendered.slice(0, maxChars), truncated: true }
  return { text: rendered.slice(0, half) + TRUNCATION_MARK + rendered.slice(rendered.length - half), truncated: true }
}

export const buildPrompt = (task: string, trajectory: string, question: string): string => `## Task\n${task}\n\n## Trajectory\n${trajectory}\n\n## Question\n${question}`

export const JUDGE_SYSTEM = [
  'You are an expert evaluator. You get a question, a reference answer and a predicted answer.',
  'Decide whether the predicted answer is correct, judging:',
  '1. its factual agreement with the reference,',
  '2. its completeness,',
  '3. its relevance to the question.',
].join('\n')

export const judgeMessages = (question: string, reference: string, predicted: string): ChatMessage[] => [
  { role: 'system', content: JUDGE_SYSTEM },
  {
    role: 'user',
    content: `Question: ${question}\n\nReference Answer: ${reference}\n\nPredicted Answer: ${predicted}\n\nIs the predicted answer correct? Reply with only "yes" or "no", with no reasoning or other text.\nAnswer:`,
  },
]
