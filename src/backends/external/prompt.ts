// An external agent takes one task text (and Hermes a system prompt): the benchmark's opening messages made into
// those. A lone user message goes as it is; a longer opening (few-shot turns) is written out with its roles.
import type { ChatMessage } from '../../core/messages.ts'

const ROLE: Record<ChatMessage['role'], string> = { system: 'System', user: 'User', assistant: 'Assistant', tool: 'Tool' }

export function splitPrompt(messages: ChatMessage[]): { system: string; task: string } {
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n\n')
  const rest = messages.filter((m) => m.role !== 'system')
  const task = rest.length === 1 && rest[0].role === 'user' ? rest[0].content : rest.map((m) => `${ROLE[m.role]}: ${m.content}`).join('\n\n')
  return { system, task }
}

/** One text for agents without a system-prompt option (OpenClaw): the system part first. */
export function singlePrompt(messages: ChatMessage[]): string {
  const { system, task } = splitPrompt(messages)
  return system ? `${system}\n\n${task}` : task
}
