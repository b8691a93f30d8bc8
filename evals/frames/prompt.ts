// FRAMES prompts, paraphrasing OpenJarvis's: GAIA-style answer rules plus the Wikipedia articles of the row,
// and a judge that checks the essential facts of the ground truth.
import { structuredJudgePrompt, type JudgeInput } from '../../src/scoring/judge/judge-prompts.ts'
import { GAIA_ANSWER_RULES } from '../shared/gaia-answer-rules.ts'

export const INSTRUCTIONS = [...GAIA_ANSWER_RULES, '- The question may need reasoning over several Wikipedia articles.'].join('\n')

export function buildPrompt(question: string, links: string[]): string {
  const articles = links.length ? `\n\nWikipedia articles that may help:\n${links.map((l) => `- ${l}`).join('\n')}` : ''
  return `${INSTRUCTIONS}${articles}\n\nThe question:\n\n${question}`
}

/** FRAMES' grading guidelines (IPW's judge uses them too, about "the reference"). */
export const framesGuidelines = (ref: string): string[] => [
  'Meaning counts, not wording: equivalent information is correct.',
  `The essential facts of the ${ref} must be in the prediction.`,
  'Capitalization, punctuation, formatting and word order do not matter.',
  `When the ${ref} has several parts, every essential part must be present.`,
  'Extra correct information is fine; extra incorrect information makes the answer wrong.',
]

export const judgePrompt = (p: JudgeInput): string =>
  structuredJudgePrompt({ intro: "You are grading an AI system's answer to a multi-hop factual question against the ground-truth answer.", guidelines: framesGuidelines('ground truth') }, p)
