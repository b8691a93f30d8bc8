// `simple`: one model call, no tools (the agent backend's counterpart of jarvis-direct, with its limits and traces).
import type { Attempt } from '../../core/backend.ts'
import { assistantMessage } from '../attempt.ts'
import type { AgentRun } from './agent-run.ts'

export async function simple(run: AgentRun): Promise<Attempt> {
  try {
    if (!(await run.openConversation())) return run.finish('')
    for (;;) {
      const r = await run.generate()
      run.transcript.push(assistantMessage(r))
      // With a simulated user the conversation goes on until they end it; else the one reply is the answer.
      if (!(await run.userReplies(r.content))) return run.finish(r.content)
    }
  } catch (e) {
    return run.failed(e)
  }
}
