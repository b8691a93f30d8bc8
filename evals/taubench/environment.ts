// tau2's Environment: a domain's agent toolkit (and, in telecom, the user's device toolkit) over their own
// copies of the databases, the tool dispatch that turns a call into the text the caller reads ("Error: …" for a
// throw), the state a task starts from (initialization data, actions, message history), and the hashes the
// evaluator compares.
import { stateHash, toolText } from './py-json.ts'
import type { EnvFunctionCall, InitialState } from './task.ts'
import { callKit, type Toolkit } from './toolkit.ts'

export type Requestor = 'assistant' | 'user'

/** One tool call as it happened: who asked, what, and what came back. */
export interface ToolRecord {
  requestor: Requestor
  id: string
  name: string
  arguments: Record<string, unknown>
  content: string
  error: boolean
}

export class TauEnvironment {
  constructor(
    readonly domain: string,
    readonly policy: string,
    readonly agent: Toolkit,
    readonly user: Toolkit | null = null,
    /** `sync_tools`: after every call, what one side did shows on the other (telecom: line status on the phone). */
    private readonly syncTools: (env: TauEnvironment) => void = () => {},
  ) {
    this.sync()
  }

  sync(): void {
    this.syncTools(this)
  }

  /** `get_response`: runs a tool for the agent or the user; a throw is the text "Error: <message>". */
  respond(name: string, args: Record<string, unknown>, requestor: Requestor): { content: string; error: boolean } {
    try {
      const kit = requestor === 'user' ? this.user : this.agent
      if (!kit) throw new Error('User tools not available')
      const result = callKit(kit, name, args, { toolsOnly: true })
      this.sync()
      return { content: toolText(result ?? null), error: false }
    } catch (e) {
      return { content: `Error: ${(e as Error).message}`, error: true }
    }
  }

  /** `run_env_function_call`: any function of either toolkit (initialization actions, assertions). */
  runFunction(call: EnvFunctionCall): unknown {
    const kit = call.env_type === 'user' ? this.user : this.agent
    if (!kit) throw new Error('User tools not available')
    const res = callKit(kit, call.func_name, call.arguments ?? {}, { toolsOnly: false })
    this.sync()
    return res
  }

  /** `run_env_assertion` without raising: did the function return the asserted value? */
  assertionHolds(a: EnvFunctionCall & { assert_value?: boolean }): boolean {
    const res = this.runFunction(a)
    if (typeof res !== 'boolean') throw new Error(`Function ${a.func_name} returned ${typeof res} instead of bool`)
    return res === (a.assert_value ?? true)
  }

  dbHash(): string {
    return stateHash(this.agent.db())
  }

  userDbHash(): string | null {
    return this.user ? stateHash(this.user.db()) : null
  }

  /**
   * `set_state`: initialization data merged into the databases, initialization actions run, and the tool calls
   * of the message history replayed; a replayed call must give back what the history recorded.
   */
  setState(initial: InitialState | null | undefined): void {
    if (!initial) return
    const data = initial.initialization_data
    if (data?.agent_data) this.agent.updateDb(data.agent_data)
    if (data?.user_data) {
      if (!this.user) throw new Error('User tools not available')
      this.user.updateDb(data.user_data)
    }
    for (const action of initial.initialization_actions ?? []) this.runFunction(action)
    this.replay(initial.message_history ?? [])
    this.sync()
  }

  private replay(history: readonly Record<string, unknown>[]): void {
    const byId = new Map(history.filter((m) => m.role === 'tool').map((m) => [String(m.id), String(m.content ?? '')]))
    for (const m of history) {
      if ((m.role !== 'assistant' && m.role !== 'user') || !Array.isArray(m.tool_calls)) continue
      for (const tc of m.tool_calls as { id: string; name: string; arguments?: Record<string, unknown>; requestor?: Requestor }[]) {
        const expected = byId.get(String(tc.id))
        if (expected === undefined) throw new Error(`Tool message expected for tool call ${tc.id}. Got None.`)
        const got = this.respond(tc.name, tc.arguments ?? {}, tc.requestor ?? (m.role === 'user' ? 'user' : 'assistant'))
        if (got.content !== expected) throw new Error(`Tool call ${tc.name} replayed to a different result:\n${got.content}\n\nExpected:\n${expected}`)
      }
    }
  }
}
