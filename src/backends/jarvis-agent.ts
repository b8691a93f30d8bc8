// `jarvis-agent`: agent-level inference. An agent (orchestrator by default, simple, react) drives the worker's
// engine — already bounded by max_workers, model-checked and cached, so every turn is limited, measured inside
// the sample's telemetry span and cached on the whole conversation so far plus the tools — and the run's tools.
// Temperature, max_tokens, seed and --base-url apply to every turn (OpenJarvis's agentic path ignored them).
import type { Attempt, Backend, SampleTask, SolveContext } from '../core/backend.ts'
import type { Engine } from '../core/engine.ts'
import { JarvisError } from '../core/errors.ts'
import { AgentRun } from './agents/agent-run.ts'
import { orchestrator, type ToolProtocolState } from './agents/orchestrator.ts'
import { react } from './agents/react.ts'
import { simple } from './agents/simple.ts'

export type AgentFn = (run: AgentRun, state: ToolProtocolState) => Promise<Attempt>

/** The agents, by the names `--agent` and `[[benchmarks]] agent` take (the backends registry lists the same). */
export const AGENTS: Record<string, AgentFn> = { orchestrator, simple, react }
export const DEFAULT_AGENT = 'orchestrator'

export class JarvisAgentBackend implements Backend {
  readonly key = 'jarvis-agent'
  readonly traced = true
  private readonly agent: AgentFn
  private readonly state: ToolProtocolState

  constructor(
    private readonly engine: Engine,
    private readonly model: string,
    readonly agentName: string = DEFAULT_AGENT,
    log?: (line: string) => void,
  ) {
    const agent = AGENTS[agentName]
    if (!agent) throw new JarvisError('JARVIS_BAD_OPTION', `unknown agent "${agentName}" (agents: ${Object.keys(AGENTS).join(', ')}).`)
    this.agent = agent
    this.state = { native: true, log }
  }

  async ready(): Promise<void> {}

  async solve(task: SampleTask, ctx: SolveContext): Promise<Attempt> {
    const run = new AgentRun(task, this.engine, this.model, ctx)
    try {
      return await this.agent(run, this.state)
    } finally {
      run.dispose()
    }
  }

  async close(): Promise<void> {}
}
