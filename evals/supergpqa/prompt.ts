import { renderOptions } from '../../src/scoring/mcq.ts'

export const INSTRUCTION = 'Respond with the correct letter only.'

/** Question, "Options:", lettered options, instruction — OpenJarvis's layout (it drops empty parts). */
export const buildPrompt = (question: string, options: readonly string[]): string => [question, 'Options:', renderOptions(options), INSTRUCTION].join('\n')
