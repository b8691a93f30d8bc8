import { renderOptions } from '../../src/scoring/mcq.ts'

export const INSTRUCTION = 'Provide only the letter of the correct answer (A, B, C, or D).'

export const buildPrompt = (question: string, options: readonly string[]): string => [question, 'Options:', renderOptions(options), INSTRUCTION].join('\n')
