// coding_task prompt: OpenJarvis's wording ("Write a Python function that solves the following problem.
// Return ONLY the function definition"), then the spec, the signature and the examples.
import type { CodingTask } from './tasks.ts'

export const INSTRUCTION = 'Write a Python function that solves the following problem. Return ONLY the function definition (with any imports it needs) in a ```python code block.'

export function buildPrompt(task: Pick<CodingTask, 'spec' | 'signature' | 'examples'>): string {
  return [INSTRUCTION, '', `Problem: ${task.spec}`, '', `Function signature:\n${task.signature}`, '', `Examples:\n${task.examples.join('\n')}`].join('\n')
}
