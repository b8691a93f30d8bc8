import type { Environment } from './environment.ts'
import type { ChatMessage, ToolCall } from './messages.ts'
import type { EvalRecord } from './record.ts'
import type { Tool } from './tool.ts'

/** What a backend is asked to do for one sample. */
export interface SampleTask {
  record: EvalRecord
  /** The opening conversation (system?, user: problem), as the benchmark built it. */
  messages: ChatMessage[]
  generation: { temperature: number; maxTokens: number; seed?: number }
  /** Tools offered to the model (empty for one-call backends). */
  tools: Tool[]
  environment: Environment | null
  /**
   * A conversation partner (taubench's simulated user): an agent hands each reply that calls no tool to it and
   * goes on with its answer, until it ends the conversation. Absent: the first such reply is the answer.
   */
  user?: SimulatedUser | null
  limits: {
    maxTurns: number
    /** Wall clock of the whole attempt, seconds. */
    timeoutS: number | null
    /** Completion tokens over all turns. */
    tokenBudget: number | null
  }
}

/** What the simulated user says back. */
export interface UserTurn {
  content: string
  /** The user ended the conversation (tau2's ###STOP###, ###TRANSFER###, ###OUT-OF-SCOPE###). */
  stop: boolean
}

/** The other side of a conversation: a second model playing the user, with its own state and its own usage. */
export interface SimulatedUser {
  /** The user's next message, given what the agent just said to them. */
  reply(agentMessage: string, signal?: AbortSignal): Promise<UserTurn>
}

export interface SolveContext {
  signal?: AbortSignal
  log?(line: string): void
}

/** What one tool call of a turn gave back (the full result is in the transcript; `content` here is capped). */
export interface ToolOutcome {
  id: string
  name: string
  isError: boolean
  latencySeconds: number
  /** The result as the model saw it, cut to a few thousand characters (traces, query_trace). */
  content: string
}

/** One model call of an attempt. */
export interface TurnRecord {
  promptTokens: number
  completionTokens: number
  latencySeconds: number
  ttftSeconds: number
  costUsd: number
  finishReason: string
  retries: number
  cached: boolean
  toolCalls: ToolCall[]
  /** The calls of this turn that ran, in order (agents); absent for one-call backends. */
  toolResults?: ToolOutcome[]
}

export interface AttemptUsage {
  calls: number
  promptTokens: number
  completionTokens: number
  costUsd: number
}

/** Why an attempt ended without an error: a final answer, or a limit (then it has no valid answer: wrong). */
export type AttemptStop = 'answer' | 'max_turns' | 'timeout' | 'token_budget'

/** Everything a backend did for one sample: the answer, how it got there, and what it cost. */
export interface Attempt {
  answer: string
  /** The full conversation: opening messages, assistant turns, tool calls and results. */
  transcript: ChatMessage[]
  turns: TurnRecord[]
  usage: AttemptUsage
  /** Wall time of the attempt (model calls, tools, retries). */
  latencySeconds: number
  /** Time to the first token of the first model call. */
  ttftSeconds: number
  finishReason: string
  retries: number
  /** Every model call was answered from the response cache. */
  cached: boolean
  stop: AttemptStop
  /** An inference failure after retries: the sample is an error, not a wrong answer. */
  error: { kind: string; message: string } | null
  /** Backend-specific results a scorer may read (a patch, a predictions file…). */
  artifacts?: Record<string, unknown>
}

/** How a sample gets answered: one engine call (jarvis-direct), a tool loop (jarvis-agent), an external agent… */
export interface Backend {
  readonly key: string
  /** Its attempts are multi-turn: the harness writes their traces (traces/…/traces.jsonl) and query_trace. */
  readonly traced?: boolean
  /** Fails (JarvisError) when what it needs is not there; checked once, before its first sample. */
  ready(): Promise<void>
  solve(task: SampleTask, ctx: SolveContext): Promise<Attempt>
  close(): Promise<void>
}
