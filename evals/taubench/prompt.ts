// The prompts at the pinned commit: tau2's LLMAgent system prompt (instructions + the domain policy), the
// orchestrator's first agent message, and the user simulator's system prompt (the global guidelines from
// data/tau2/user_simulator/, the tools variant when the user has tools, and the task's scenario).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ChatMessage } from '../../src/core/messages.ts'
import { JarvisError } from '../../src/core/errors.ts'

export const AGENT_INSTRUCTION = `You are a customer service agent that helps the user according to the <policy> provided below.
In each turn you can either:
- Send a message to the user.
- Make a tool call.
You cannot do both at the same time.

Try to be helpful and always follow the policy. Always make sure you generate valid JSON only.`

export const agentSystemPrompt = (policy: string): string => `<instructions>\n${AGENT_INSTRUCTION}\n</instructions>\n<policy>\n${policy}\n</policy>`

/** The orchestrator opens every conversation with this agent message (no model call); the user answers it. */
export const FIRST_AGENT_MESSAGE = 'Hi! How can I help you today?'

export const agentMessages = (policy: string): ChatMessage[] => [
  { role: 'system', content: agentSystemPrompt(policy) },
  { role: 'assistant', content: FIRST_AGENT_MESSAGE },
]

/** The user's stop tokens: goal reached, transferred, or the scenario says nothing more. */
export const USER_STOP_TOKENS = ['###STOP###', '###TRANSFER###', '###OUT-OF-SCOPE###'] as const
export const isUserStop = (content: string): boolean => USER_STOP_TOKENS.some((t) => content.includes(t))

const guidelines = new Map<string, string>()

/** simulation_guidelines.md, or simulation_guidelines_tools.md when the user has tools (telecom). */
export function userGuidelines(dataDir: string, withTools: boolean): string {
  const file = join(dataDir, 'user_simulator', withTools ? 'simulation_guidelines_tools.md' : 'simulation_guidelines.md')
  let text = guidelines.get(file)
  if (text === undefined) {
    if (!existsSync(file)) throw new JarvisError('JARVIS_DATASET', `taubench: ${file} is missing; the snapshot's data/tau2/user_simulator/ holds the user simulator's guidelines.`)
    guidelines.set(file, (text = readFileSync(file, 'utf8')))
  }
  // No runtime persona config: its placeholder (voice guidelines only) is emptied, as upstream does.
  return text.replace('<PERSONA_GUIDELINES>', '')
}

export const userSystemPrompt = (guidelinesText: string, scenario: string): string => `${guidelinesText}\n\n<scenario>\n${scenario}\n</scenario>`.trim()
