// ToolCall-15's prompt, in our words (openjarvis-evals.md §2.4): the methodology's rules and the benchmark's
// reference date as the system message, then the tool list, how to call one, and the user's request. The date
// is the upstream benchmark's context message (2026-03-20, a Friday); OpenJarvis left it out, so "next Monday"
// (TC-05) and "tomorrow" (TC-08) had no right answer.
import type { ToolSpec } from '../../src/core/messages.ts'

export const REFERENCE_DATE = '2026-03-20'

export const SYSTEM_PROMPT = [
  'You are an assistant that can call the tools listed below.',
  '',
  'Rules:',
  "- Call a tool only when the request cannot be fulfilled without it.",
  '- When you can answer from what you already know, answer directly and call nothing.',
  '- When a tool call fails, say what went wrong and offer another way forward.',
  '- Never make up information that a tool is supposed to provide.',
  '',
  `Today is Friday, ${REFERENCE_DATE}.`,
].join('\n')

export function buildPrompt(userMessage: string, tools: readonly ToolSpec[]): string {
  return [
    '## Available Tools',
    ...tools.map((t) => `- ${t.name}: ${t.description}`),
    '',
    'Call tools through function calling. If you cannot, reply with nothing but one JSON object of the form',
    '{"tool": "<tool name>", "arguments": {...}}',
    'and wait for its result. When the request needs several tools, call them one after another. When it needs none, just answer.',
    '',
    '## User Request',
    userMessage,
  ].join('\n')
}
