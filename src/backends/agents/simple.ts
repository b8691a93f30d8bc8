// `simple`: one model call, no tools (the agent backend's counterpart of jarvis-direct, with its limits and traces).
import type { Attempt } from '../../core/backend.ts'
import { assistantMessage } from '../attempt.ts'
import type { AgentRun } from './agent-run.ts'

export async function simple(run: AgentRun): Promise<Attempt> {
  try {
    const r = await run.generate()
    run.transcript.push(assistantMessage(r))
    return run.finish(r.content)
  } catch (e) {
    return run.failed(e)
  }
}
