// daily_digest prompt (OpenJarvis's sections and instruction, paraphrased) and its five checklist items.
import { renderCalendar, renderMessages, renderTodos } from '../shared/day-context.ts'
import type { Day } from './loader.ts'

export function buildPrompt(d: Day): string {
  return [
    `Prepare a daily briefing for a ${d.role} at ${d.company}.`,
    '',
    "## Today's Date",
    d.date,
    '',
    '## Calendar',
    renderCalendar(d.calendar),
    '',
    '## Todo List',
    renderTodos(d.todos),
    '',
    '## Unread Messages',
    renderMessages(d.messages),
    '',
    '## News Interests',
    d.news_interests.map((n) => `- ${n}`).join('\n'),
    '',
    'Write a concise, prioritized digest: highlight urgent items first, group related items, include clear action items, and point out conflicts and deadlines.',
  ].join('\n')
}

export function checklistItems(d: { priority_order: readonly string[] }): string[] {
  return [
    'The digest is organized into clear sections (for example priorities, schedule, tasks, messages).',
    'The digest mentions no meeting, task, message or fact that is not in the context (nothing fabricated).',
    'The digest gives actionable next steps.',
    `The most urgent items are highlighted at the top: ${d.priority_order.join('; ')}.`,
    'The tone is professional and the digest is concise.',
  ]
}
