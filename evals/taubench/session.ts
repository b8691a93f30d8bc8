// One sample's world: the task's environment (fresh copies of the domain's databases, the task's initial state
// applied), every tool call either side made in order, and the simulated user. The agent's tools (the
// benchmark's sampleTools), the user simulator and the scorer of the same record share it.
import type { EvalRecord } from '../../src/core/record.ts'
import type { Tool } from '../../src/core/tool.ts'
import { domainEnvironment, loadDomain, type DomainData, type DomainName } from './domains/index.ts'
import type { Requestor, TauEnvironment, ToolRecord } from './environment.ts'
import type { Task } from './task.ts'
import { parametersOf } from './toolkit.ts'
import type { TauUser } from './user-simulator.ts'

export interface TauMeta {
  domain: DomainName
  data_dir: string
  task: Task
}

export class TauSession {
  readonly log: ToolRecord[] = []
  /** Why the conversation ended early, as tau2's termination reasons (max_steps …); null: a normal end. */
  termination: string | null = null
  /** The simulated user of this attempt (its usage goes to scoring_metadata.user_simulator). */
  user: TauUser | null = null

  private constructor(
    readonly data: DomainData,
    readonly task: Task,
    readonly env: TauEnvironment | null,
    /** The task's initial state could not be set up (bad task data): the sample cannot be scored. */
    readonly setupError: string | null,
  ) {}

  static open(meta: TauMeta): TauSession {
    const data = loadDomain(meta.data_dir, meta.domain)
    try {
      const env = domainEnvironment(data)
      env.setState(meta.task.initial_state)
      return new TauSession(data, meta.task, env, null)
    } catch (e) {
      return new TauSession(data, meta.task, null, (e as Error).message)
    }
  }

  /** Runs a tool for the agent or the user and logs it (the evaluator reads the log). */
  call(requestor: Requestor, id: string, name: string, args: Record<string, unknown>): { content: string; error: boolean } {
    const res = this.env ? this.env.respond(name, args, requestor) : { content: `Error: the task could not be set up: ${this.setupError}`, error: true }
    this.log.push({ requestor, id, name, arguments: args, ...res })
    return res
  }

  /** The agent's tools of the domain, offered natively; each call runs in this sample's environment. */
  agentTools(): Tool[] {
    if (!this.env) return []
    let n = 0
    return this.env.agent.tools.map((t) => ({
      spec: { name: t.name, description: t.description, parameters: parametersOf(t) },
      call: async (args) => {
        const r = this.call('assistant', `agent_${++n}`, t.name, args)
        return { content: r.content, isError: r.error }
      },
    }))
  }
}

const sessions = new WeakMap<EvalRecord, TauSession>()

/** A fresh session for the record's attempt (each attempt, retries included, starts from the task's state). */
export function openSession(record: EvalRecord): TauSession {
  const s = TauSession.open(record.metadata as unknown as TauMeta)
  sessions.set(record, s)
  return s
}

/** The record's session, opened by its tools; a record whose agent never got tools gets one now. */
export const sessionOf = (record: EvalRecord): TauSession => sessions.get(record) ?? openSession(record)
