// `react`: the Thought / Action / Action Input / Observation text protocol (Yao et al., 2023). No native tool
// API: the model writes its action, the agent runs it and answers with an Observation, until a Final Answer.
import type { Attempt } from '../../core/backend.ts'
import type { ToolCall, ToolSpec } from '../../core/messages.ts'
import { withTextTools } from './orchestrator.ts'
import type { AgentRun } from './agent-run.ts'

export function reactInstructions(tools: readonly ToolSpec[]): string {
  const list = tools.map((t) => `- ${t.name}: ${t.description} Arguments (JSON Schema): ${JSON.stringify(t.parameters)}`).join('\n')
  return [
    tools.length ? `You can use these tools:\n${list}\n` : 'You have no tools; think, then answer.\n',
    'Use this format:',
    'Thought: what you think about next',
    ...(tools.length ? [`Action: the tool to use, one of [${tools.map((t) => t.name).join(', ')}]`, 'Action Input: the arguments as a JSON object', 'Observation: the result (it is given to you; never write it yourself)', '… (Thought / Action / Action Input / Observation may repeat)'] : []),
    'Thought: I now know the final answer',
    'Final Answer: the answer',
  ].join('\n')
}

export type ReactStep = { kind: 'final'; answer: string } | { kind: 'action'; call: ToolCall } | { kind: 'invalid'; why: string }

/** What a ReAct reply asks for: its final answer, its first action, or why it is neither. */
export function parseReactStep(reply: string, names: ReadonlySet<string>, id: string): ReactStep {
  // A model that writes its own Observation is cut there: only its first action counts.
  const text = reply.split(/\n\s*Observation\s*:/i)[0]
  const action = /Action\s*:\s*([^\n]+)/i.exec(text)
  const final = /Final Answer\s*:\s*([\s\S]*)$/i.exec(text)
  if (final && (!action || final.index > action.index)) return { kind: 'final', answer: final[1].trim() }
  // Without tools there is nothing to act on: a reply without the Final Answer line is the answer.
  if (!action && names.size === 0) return { kind: 'final', answer: text.replace(/^\s*Thought\s*:.*$/gim, '').trim() || text.trim() }
  if (!action) return { kind: 'invalid', why: 'no "Action:" or "Final Answer:" line found; follow the format' }
  const name = action[1].trim().replace(/^[`"'[]+|[`"'\]]+$/g, '')
  if (!names.has(name)) return { kind: 'invalid', why: `"${name}" is not a tool; use one of [${[...names].join(', ')}] or give the Final Answer` }
  const input = /Action Input\s*:\s*([\s\S]*)$/i.exec(text)?.[1]?.trim() ?? '{}'
  const json = input.slice(input.indexOf('{'), input.lastIndexOf('}') + 1)
  try {
    const args = JSON.parse(json || '{}') as unknown
    if (args && typeof args === 'object' && !Array.isArray(args)) return { kind: 'action', call: { id, name, arguments: args as Record<string, unknown> } }
  } catch {}
  return { kind: 'action', call: { id, name, arguments: {}, rawArguments: input } }
}

export async function react(run: AgentRun): Promise<Attempt> {
  run.transcript.splice(0, run.transcript.length, ...withTextTools(run.transcript, reactInstructions(run.toolSpecs)))
  try {
    if (!(await run.openConversation())) return run.finish('')
    for (;;) {
      const r = await run.generate()
      run.transcript.push({ role: 'assistant', content: r.content })
      const step = parseReactStep(r.content, run.toolNames, `react_${run.turns.length}`)
      if (step.kind === 'final') {
        // The Final Answer is what the agent says to a simulated user, who may answer back.
        if (await run.userReplies(step.answer)) continue
        return run.finish(step.answer)
      }
      if (step.kind === 'invalid') {
        run.transcript.push({ role: 'user', content: `Observation: ${step.why}` })
        continue
      }
      run.turns.at(-1)!.toolCalls = [step.call]
      run.assertTurnLeft()
      const res = await run.runTool(step.call)
      run.transcript.push({ role: 'user', content: `Observation: ${res.content}` })
    }
  } catch (e) {
    return run.failed(e)
  }
}
