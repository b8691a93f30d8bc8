// `orchestrator` (the default agent): offer the tools natively and loop — model turn, run its tool calls, feed
// the results back — until a reply calls no tool; that reply is the answer. A model that writes a JSON tool call
// in its text instead (`{"tool": …, "arguments": …}`) is served the same way, and a server that refuses the
// `tools` field switches the backend to the text protocol (tools described in the system message). With a
// simulated user (task.user), a reply that calls no tool goes to the user, and the loop goes on until they end it.
import type { Attempt } from '../../core/backend.ts'
import { InferenceError } from '../../core/inference-error.ts'
import type { ChatMessage, ToolCall } from '../../core/messages.ts'
import { parseTextToolCalls, textToolInstructions, textToolResult } from '../../tools/text-protocol.ts'
import { assistantMessage } from '../attempt.ts'
import type { AgentRun } from './agent-run.ts'

/** Shared by the backend's samples: once a server refuses native tools, every later sample uses text. */
export interface ToolProtocolState {
  native: boolean
  log?(line: string): void
}

/** A 400 that is about the tools field (Ollama: "does not support tools"; vLLM: "auto" tool choice requires …). */
const refusesTools = (e: unknown) => e instanceof InferenceError && e.kind === 'bad_request' && /tool/i.test(e.message)

/** The opening messages with the text protocol's tool list added to the system message (or as the first). */
export function withTextTools(messages: ChatMessage[], instructions: string): ChatMessage[] {
  const [first, ...rest] = messages
  if (first?.role === 'system') return [{ ...first, content: `${first.content}\n\n${instructions}` }, ...rest]
  return [{ role: 'system', content: instructions }, ...messages]
}

export async function orchestrator(run: AgentRun, state: ToolProtocolState): Promise<Attempt> {
  const specs = run.toolSpecs
  let textMode = specs.length > 0 && !state.native
  if (textMode) run.transcript.splice(0, run.transcript.length, ...withTextTools(run.transcript, textToolInstructions(specs)))
  try {
    if (!(await run.openConversation())) return run.finish('')
    for (;;) {
      let r
      try {
        r = await run.generate({ tools: textMode ? undefined : specs })
      } catch (e) {
        if (textMode || !specs.length || !refusesTools(e)) throw e
        state.native = false
        state.log?.(`jarvis-agent: the server refused native tools (${(e as Error).message}); using the text protocol`)
        textMode = true
        run.transcript.splice(0, run.transcript.length, ...withTextTools(run.transcript, textToolInstructions(specs)))
        continue
      }
      const native = r.toolCalls ?? []
      if (native.length) {
        run.transcript.push(assistantMessage(r))
        run.assertTurnLeft()
        for (const call of native) {
          const res = await run.runTool(call)
          run.transcript.push({ role: 'tool', toolCallId: call.id, name: call.name, content: res.content })
        }
        continue
      }
      const written: ToolCall[] = specs.length ? parseTextToolCalls(r.content, run.toolNames, `text_${run.turns.length}`) : []
      run.transcript.push({ role: 'assistant', content: r.content })
      if (!written.length) {
        // A conversation goes on with the simulated user's answer; without one this reply is the answer.
        if (await run.userReplies(r.content)) continue
        return run.finish(r.content)
      }
      // The calls are recorded on the turn (traces, query_trace); the conversation stays plain text.
      run.turns.at(-1)!.toolCalls = written
      run.assertTurnLeft()
      for (const call of written) {
        const res = await run.runTool(call)
        run.transcript.push({ role: 'user', content: textToolResult(call.name, res.content, res.isError) })
      }
    }
  } catch (e) {
    return run.failed(e)
  }
}
