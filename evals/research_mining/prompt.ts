// research_mining prompts: OpenJarvis's three-part request (findings, evidence, synthesis; paraphrased) and the
// rubric judge's five ratings, with the key facts as the judge's reference.
import { rubricReplyFormat, type RubricField } from '../../src/scoring/judge/rubric.ts'
import type { ResearchQuestion } from './loader.ts'

export function buildPrompt(q: Pick<ResearchQuestion, 'question' | 'domain' | 'scope'>): string {
  return [
    'You are a research assistant. Investigate the research question below and provide:',
    '1. 3-5 key findings.',
    '2. Supporting evidence for each finding.',
    '3. A short synthesis paragraph that ties the findings together.',
    '',
    `Research question: ${q.question}`,
    `Domain: ${q.domain}`,
    `Scope: ${q.scope}`,
  ].join('\n')
}

export const RATINGS = ['accuracy', 'coverage', 'depth', 'structure', 'relevance'] as const

export const JUDGE_FIELDS: readonly RubricField[] = [...RATINGS.map((name) => ({ name, kind: 'rating' as const })), { name: 'reasoning', kind: 'text' }, { name: 'overall_correct', kind: 'yesno' }]

export function judgePrompt(p: { question: string; domain: string; scope: string; keyFacts: string[]; response: string }): string {
  return [
    "You are evaluating an AI research assistant's answer to a research question.",
    'Rate each dimension from 1 (poor) to 5 (excellent): accuracy (no false claims), coverage (of the key facts below), depth (evidence, not just assertions), structure (findings, evidence, synthesis), relevance (to the question and scope).',
    'overall_correct: yes when the answer is accurate and covers most of the key facts.',
    '',
    `Research question: ${p.question}`,
    `Domain: ${p.domain}`,
    `Scope: ${p.scope}`,
    '',
    'Key facts a strong answer covers:',
    ...p.keyFacts.map((f) => `- ${f}`),
    '',
    "The assistant's answer:",
    p.response,
    '',
    rubricReplyFormat(JUDGE_FIELDS),
  ].join('\n')
}
