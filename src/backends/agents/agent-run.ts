// One attempt of an agent: the engine calls and tool calls of a sample, with its limits (turns, wall clock,
// token budget), and the Attempt they add up to. Agents (orchestrator, simple, react) drive it; it does the
// bookkeeping the same way for all of them.
import type { Attempt, SampleTask, SolveContext, ToolOutcome, TurnRecord } from '../../core/backend.ts'
import { deadline, isTimeoutReason, type Deadline } from '../../core/deadline.ts'
import type { Engine, GenerateResult } from '../../core/engine.ts'
import type { ChatMessage, ToolCall, ToolSpec } from '../../core/messages.ts'
import { isToolUnavailable, type Tool, type ToolResult } from '../../core/tool.ts'
import { attemptFrom, failedAttempt, turnOf } from '../attempt.ts'

/** Tool results go to the model up to this many characters (a 5 MB page would fill the context). */
export const TOOL_RESULT_CHARS = 50_000
/** …and to traces and query_trace up to this many. */
export const TRACE_RESULT_CHARS = 4_000

/** The attempt ended on a limit; the agent returns run.stopped(...) with it. */
export class LimitReached extends Error {
  constructor(readonly stop: 'max_turns' | 'timeout' | 'token_budget') {
    super(stop)
  }
}

const cut = (s: string, n: number) => (s.length <= n ? s : `${s.slice(0, n)}\n… [truncated: ${s.length - n} more characters]`)

export class AgentRun {
  readonly transcript: ChatMessage[]
  readonly turns: TurnRecord[] = []
  readonly signal: AbortSignal
  private readonly t0 = performance.now()
  private readonly limit: Deadline
  private readonly byName: Map<string, Tool>

  constructor(
    readonly task: SampleTask,
    private readonly engine: Engine,
    private readonly model: string,
    private readonly ctx: SolveContext,
  ) {
    this.transcript = [...task.messages]
    this.byName = new Map(task.tools.map((t) => [t.spec.name, t]))
    this.limit = deadline(ctx.signal, task.limits.timeoutS ? task.limits.timeoutS * 1000 : null)
    this.signal = this.limit.signal ?? new AbortController().signal
  }

  /** The run is over: its wall-clock timer stops (the agent's last call has returned). */
  dispose(): void {
    this.limit.dispose()
  }

  get toolSpecs(): ToolSpec[] {
    return this.task.tools.map((t) => t.spec)
  }

  get toolNames(): Set<string> {
    return new Set(this.byName.keys())
  }

  /** The wall clock ran out (ours, or the harness's --query-timeout), as opposed to the run being cancelled. */
  timedOut(): boolean {
    return this.limit.expired || (!!this.ctx.signal?.aborted && isTimeoutReason(this.ctx.signal.reason))
  }

  private checkLimits(): void {
    if (this.signal.aborted && this.timedOut()) throw new LimitReached('timeout')
    if (this.turns.length >= this.task.limits.maxTurns) throw new LimitReached('max_turns')
    const budget = this.task.limits.tokenBudget
    if (budget !== null && this.turns.reduce((a, t) => a + t.completionTokens, 0) >= budget) throw new LimitReached('token_budget')
  }

  /** After the last allowed turn, the calls it asked for are not run: their results could never be read. */
  assertTurnLeft(): void {
    if (this.turns.length >= this.task.limits.maxTurns) throw new LimitReached('max_turns')
  }

  /** One model call over `messages` (default: the transcript), counted as a turn. */
  async generate(o: { messages?: ChatMessage[]; tools?: ToolSpec[] } = {}): Promise<GenerateResult> {
    this.checkLimits()
    try {
      const r = await this.engine.generate({ model: this.model, messages: o.messages ?? this.transcript, ...this.task.generation, signal: this.signal, ...(o.tools?.length ? { tools: o.tools } : {}) })
      this.turns.push(turnOf(r))
      return r
    } catch (e) {
      if (this.timedOut()) throw new LimitReached('timeout')
      throw e
    }
  }

  /**
   * A conversation (task.user): the simulated user answers `agentReply`, and their message joins the
   * transcript. False when there is no user or they ended the conversation: `agentReply` is then the answer.
   * The user's own model calls are theirs (counted by the benchmark), never turns of this attempt.
   */
  async userReplies(agentReply: string): Promise<boolean> {
    const user = this.task.user
    if (!user) return false
    if (this.signal.aborted) throw this.timedOut() ? new LimitReached('timeout') : this.signal.reason
    let turn
    try {
      turn = await user.reply(agentReply, this.signal)
    } catch (e) {
      if (this.timedOut()) throw new LimitReached('timeout')
      throw e
    }
    this.transcript.push({ role: 'user', content: turn.content })
    return !turn.stop
  }

  /**
   * A conversation whose opening messages end with the agent's greeting (tau2: "Hi! How can I help you
   * today?"): the user speaks first. False when they ended it at once.
   */
  async openConversation(): Promise<boolean> {
    const last = this.transcript.at(-1)
    if (!this.task.user || last?.role !== 'assistant') return true
    return this.userReplies(last.content)
  }

  /**
   * Runs one call and records it on the last turn. Unknown tools, malformed arguments and throws come back as
   * error results for the model; only a ToolUnavailableError (the tool's machinery died) ends the attempt.
   */
  async runTool(call: ToolCall): Promise<ToolResult> {
    const t = performance.now()
    const result = await this.callTool(call)
    const content = cut(result.content, TOOL_RESULT_CHARS)
    const outcome: ToolOutcome = { id: call.id, name: call.name, isError: !!result.isError, latencySeconds: (performance.now() - t) / 1000, content: cut(content, TRACE_RESULT_CHARS) }
    const turn = this.turns.at(-1)
    if (turn) (turn.toolResults ??= []).push(outcome)
    return { content, isError: result.isError }
  }

  private async callTool(call: ToolCall): Promise<ToolResult> {
    const tool = this.byName.get(call.name)
    if (!tool) return { content: `error: there is no tool "${call.name}". Tools: ${[...this.byName.keys()].join(', ') || 'none'}.`, isError: true }
    if (call.rawArguments !== undefined) return { content: `error: the arguments are not a JSON object: ${cut(call.rawArguments, 500)}`, isError: true }
    if (this.signal.aborted) throw new LimitReached('timeout')
    let onAbort: (() => void) | undefined
    // A tool that ignores its signal still cannot hold the sample past its wall clock.
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(this.timedOut() ? new LimitReached('timeout') : this.signal.reason)
      this.signal.addEventListener('abort', onAbort, { once: true })
    })
    try {
      return await Promise.race([tool.call(call.arguments, { environment: this.task.environment, signal: this.signal }), aborted])
    } catch (e) {
      if (e instanceof LimitReached || isToolUnavailable(e) || this.signal.aborted) throw e
      return { content: `error: ${(e as Error)?.message ?? String(e)}`, isError: true }
    } finally {
      this.signal.removeEventListener('abort', onAbort!)
    }
  }

  /**
   * The sample's latency: its model calls (as the engine timed them, retries included) and its tool calls. Time
   * spent waiting for an engine slot (max_workers) is left out, as for one-call samples; the wall clock
   * (--query-timeout) counts everything, and is the latency of a sample it stopped (the aborted call has no timing).
   */
  private latency(stop: Attempt['stop']): number {
    if (stop === 'timeout') return (performance.now() - this.t0) / 1000
    let s = 0
    for (const t of this.turns) {
      s += t.latencySeconds
      for (const r of t.toolResults ?? []) s += r.latencySeconds
    }
    return s
  }

  finish(answer: string, stop: Attempt['stop'] = 'answer'): Attempt {
    return attemptFrom(this.task, { answer, transcript: this.transcript, turns: this.turns, stop, wallSeconds: this.latency(stop) })
  }

  /** What an agent returns for anything its loop threw: a limit (wrong, not an error), a dead tool, an engine failure. */
  failed(e: unknown): Attempt {
    if (e instanceof LimitReached) return this.finish(lastAssistantText(this.transcript), e.stop)
    if (isToolUnavailable(e)) {
      const a = this.finish('')
      return { ...a, error: { kind: 'tool_unavailable', message: e.message } }
    }
    return { ...failedAttempt(this.task, e, { transcript: this.transcript, turns: this.turns }), latencySeconds: this.latency('answer') }
  }
}

/** What the model said last, kept as the answer of an attempt that ran out (scored wrong, shown in reports). */
const lastAssistantText = (messages: ChatMessage[]) => [...messages].reverse().find((m) => m.role === 'assistant')?.content ?? ''
