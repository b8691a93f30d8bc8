// email_triage prompts: the model's (OpenJarvis's instruction, paraphrased, then the email) and the judge's, which
// rules only on the fields the exact match could not read (scorer.ts).
import type { Email } from './loader.ts'
import { rubricReplyFormat, type RubricField } from '../../src/scoring/judge/rubric.ts'

export function buildPrompt(e: Pick<Email, 'sender' | 'subject' | 'date' | 'body'>): string {
  return [
    'You are an AI email assistant. Triage the email below:',
    '1. Urgency: critical, high, medium or low.',
    '2. Category: action (the recipient must do something), decision (the recipient must choose or approve), info (for information only) or social.',
    '3. Draft a short reply of 2-3 sentences.',
    '',
    'Format your answer exactly as:',
    'urgency: <level>',
    'category: <category>',
    'draft: <reply>',
    '',
    `From: ${e.sender}`,
    `Subject: ${e.subject}`,
    `Date: ${e.date}`,
    '',
    e.body,
  ].join('\n')
}

export const JUDGE_FIELDS: readonly RubricField[] = [
  { name: 'urgency_correct', kind: 'yesno' },
  { name: 'category_correct', kind: 'yesno' },
  { name: 'draft_quality', kind: 'choice', choices: ['good', 'acceptable', 'poor'] },
  { name: 'reasoning', kind: 'text' },
  { name: 'overall_correct', kind: 'yesno' },
]

export function judgePrompt(p: { email: string; reference: string; response: string }): string {
  return [
    "You are checking an AI assistant's triage of an email against the reference classification.",
    'The urgency levels are critical, high, medium and low; the categories are action, decision, info and social.',
    'A field is correct when the response means the same level or category as the reference, even in other words (for example "urgent" for critical, or "needs your approval" for decision).',
    '',
    'The email and the instructions the assistant was given:',
    p.email,
    '',
    'Reference classification:',
    p.reference,
    '',
    "The assistant's response:",
    p.response,
    '',
    rubricReplyFormat(JUDGE_FIELDS),
  ].join('\n')
}
