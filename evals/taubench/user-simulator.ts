// tau2's UserSimulator as a second model: its own system prompt (guidelines + the task's scenario), its own
// conversation with the roles flipped (the agent's messages are its "user" turns), and — in telecom — its own
// tools on the phone, run in the sample's environment and logged with the agent's. It answers each agent reply;
// a reply holding ###STOP###, ###TRANSFER### or ###OUT-OF-SCOPE### ends the conversation. Its tokens, cost and
// time are its own (scoring_metadata.user_simulator), never the agent's.
import type { SimulatedUser, UserTurn } from '../../src/core/backend.ts'
import type { Judge } from '../../src/core/judge.ts'
import type { ChatMessage, ToolSpec } from '../../src/core/messages.ts'
import { isUserStop } from './prompt.ts'
import type { TauSession } from './session.ts'
import { parametersOf, type DomainTool } from './toolkit.ts'

/** tau2 bounds a conversation at 200 steps; a user who only calls tools for this long has stopped talking. */
export const MAX_USER_TOOL_CALLS_IN_A_ROW = 30

export interface UserUsage {
  model: string
  calls: number
  prompt_tokens: number
  completion_tokens: number
  cost_usd: number
  latency_seconds: number
  tool_calls: number
}

export class TauUser implements SimulatedUser {
  readonly usage: UserUsage
  private readonly messages: ChatMessage[]
  private readonly specs: ToolSpec[]

  constructor(
    private readonly llm: Judge,
    private readonly session: TauSession,
    systemPrompt: string,
    tools: readonly DomainTool[],
    private readonly o: { seed?: number } = {},
  ) {
    this.messages = [{ role: 'system', content: systemPrompt }]
    this.specs = tools.map((t) => ({ name: t.name, description: t.description, parameters: parametersOf(t) }))
    this.usage = { model: llm.model, calls: 0, prompt_tokens: 0, completion_tokens: 0, cost_usd: 0, latency_seconds: 0, tool_calls: 0 }
  }

  async reply(agentMessage: string, signal?: AbortSignal): Promise<UserTurn> {
    this.messages.push({ role: 'user', content: agentMessage })
    for (let calls = 0; ; ) {
      const t0 = performance.now()
      const r = await this.llm.complete(this.messages, { signal, tools: this.specs, ...(this.o.seed !== undefined ? { seed: this.o.seed } : {}) })
      this.usage.calls++
      this.usage.prompt_tokens += r.promptTokens || 0
      this.usage.completion_tokens += r.completionTokens || 0
      this.usage.cost_usd += r.costUsd || 0
      this.usage.latency_seconds += (performance.now() - t0) / 1000
      const toolCalls = r.toolCalls ?? []
      if (!toolCalls.length) {
        this.messages.push({ role: 'assistant', content: r.text })
        return { content: r.text, stop: isUserStop(r.text) }
      }
      // A tool call on the phone: its result goes back to the user, who then speaks (or calls again).
      this.messages.push({ role: 'assistant', content: r.text, toolCalls })
      for (const c of toolCalls) {
        const res = c.rawArguments !== undefined ? { content: `Error: the arguments are not a JSON object: ${c.rawArguments.slice(0, 300)}` } : this.session.call('user', c.id, c.name, c.arguments)
        this.messages.push({ role: 'tool', toolCallId: c.id, name: c.name, content: res.content })
      }
      this.usage.tool_calls += toolCalls.length
      calls += toolCalls.length
      if (calls >= MAX_USER_TOOL_CALLS_IN_A_ROW) {
        this.session.termination = 'max_steps'
        return { content: '', stop: true }
      }
    }
  }
}
