// morning_brief prompts: OpenJarvis's five-point instruction (paraphrased) over a `--- User Context ---` block,
// and the rubric judge's named fields.
import { rubricReplyFormat, type RubricField } from '../../src/scoring/judge/rubric.ts'
import { renderCalendar, renderMessages, renderTodos } from '../shared/day-context.ts'
import type { MorningContext } from './loader.ts'

export function userContext(c: MorningContext): string {
  return [`Date: ${c.date}`, '', 'Calendar:', renderCalendar(c.calendar), '', 'Todos:', renderTodos(c.todos), '', `News topics: ${c.news_topics.join(', ')}`, '', 'Messages:', renderMessages(c.messages)].join('\n')
}

export function buildPrompt(c: MorningContext): string {
  return [
    'Prepare a concise, prioritized morning brief for the user below. The brief should:',
    '1. Put the most important items first.',
    "2. Summarize today's calendar events.",
    '3. List the top todos.',
    "4. Include news highlights for the user's topics.",
    '5. Note pending messages that need attention.',
    'Use clear, structured sections.',
    '',
    '--- User Context ---',
    userContext(c),
  ].join('\n')
}

export const JUDGE_FIELDS: readonly RubricField[] = [
  { name: 'completeness', kind: 'rating' },
  { name: 'prioritization', kind: 'rating' },
  { name: 'conciseness', kind: 'rating' },
  { name: 'actionability', kind: 'rating' },
  { name: 'key_priorities_covered', kind: 'choice', choices: ['yes', 'partial', 'no'] },
  { name: 'reasoning', kind: 'text' },
  { name: 'overall_correct', kind: 'yesno' },
]

export function judgePrompt(p: { context: string; priorities: string; brief: string }): string {
  return [
    "You are evaluating an AI assistant's morning brief for a busy person.",
    'Rate each dimension from 1 (poor) to 5 (excellent): completeness (calendar, todos, news and messages are covered), prioritization (the most important items come first), conciseness, actionability (clear next steps).',
    'key_priorities_covered: does the brief surface the key priorities below near the top (yes, partial or no)?',
    'overall_correct: yes when this brief would serve the person well this morning.',
    '',
    'Key priorities:',
    p.priorities,
    '',
    "The person's context:",
    p.context,
    '',
    'The brief:',
    p.brief,
    '',
    rubricReplyFormat(JUDGE_FIELDS),
  ].join('\n')
}
