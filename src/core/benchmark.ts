import type { EnvironmentSpec } from './environment.ts'
import type { SimulatedUser } from './backend.ts'
import type { Judge } from './judge.ts'
import type { ChatMessage } from './messages.ts'
import type { EvalRecord, LoadContext } from './record.ts'
import type { SampleResult } from './sample-result.ts'
import type { Score, ScoreContext } from './score.ts'
import type { Tool } from './tool.ts'

export interface BenchmarkDefinition {
  key: string
  /** All records of the split, in dataset order. The harness shuffles with the seed and takes max_samples. */
  load(ctx: LoadContext): Promise<EvalRecord[]>
  /** Messages sent to the model; the default is [system?, user: problem]. */
  messages?(record: EvalRecord): ChatMessage[]
  score(record: EvalRecord, answer: string, ctx: ScoreContext): Promise<Score>
  /** reparse-judge: the verdict re-read from a stored line with the current parser; null when nothing to re-read. */
  rescore?(result: SampleResult): Score | null
  /** A per-sample world (files, a container), open from inference to the end of scoring. */
  environment?(record: EvalRecord): EnvironmentSpec | null
  // --- agents (src/backends/jarvis-agent.ts) ---
  /** Registry tools an agent backend offers when the run names none (no --tools, tools, mcp_servers). */
  defaultTools?: readonly string[]
  /** The samples need an agent backend (tool calls are what is scored): jarvis-direct is refused, exit 2. */
  requiresAgent?: boolean
  /** Why it needs one, for that line (default "is scored on its tool calls"). */
  requiresAgentReason?: string
  /**
   * The benchmark's own tools for one sample (e.g. scripted mocks serving recorded outputs), beside the run's;
   * one of them replaces a run tool of the same name.
   */
  sampleTools?(record: EvalRecord): Tool[]
  /** Agent model turns per sample when the run sets none (--max-turns, [run] max_turns); default 10. */
  maxTurns?: number
  /**
   * The simulated user a sample's agent converses with (taubench), over the run's user-simulator model
   * ([user_simulator], created like the judge). The agent's replies go to it until it ends the conversation.
   */
  simulatedUser?(record: EvalRecord, ctx: { llm: Judge; seed: number }): SimulatedUser
  /**
   * The episode a record belongs to (null: none). When a benchmark has episodes, episode mode is on by default:
   * an episode's samples run one after another in dataset order, each given up to 3 earlier successful samples
   * of its episode as examples; different episodes run in parallel.
   */
  episode?(record: EvalRecord): string | null
  /**
   * Preflight for the selected samples, before any model call: what they need is here (a task's container
   * image), fetched only when the user allowed it (--pull); throws a JarvisError (JARVIS_REQUIREMENT) otherwise.
   */
  prepare?(records: EvalRecord[], ctx: PrepareContext): Promise<void>
  // --- protocol (benchmarks whose own harness fixes these) ---
  /** The dataset's order is the protocol (lifelong learning): never shuffled; max_samples takes the first N. */
  ordered?: boolean
  /** Model turns an agent gets for this record when the run sets no max_turns (its harness's round limit). */
  defaultMaxTurns?(record: EvalRecord): number
  /**
   * The verdict is the state the sample left its environment in (a database table, a container): an attempt
   * stopped by a limit (max_turns, timeout, token budget) is still scored, with `ctx.attempt.stop` telling why.
   */
  scoresStoppedAttempts?: boolean
  /**
   * Why this record cannot run on this machine (e.g. it needs the live internet): its line is unscored with this
   * reason and no model is called. Null: it runs.
   */
  skipReason?(record: EvalRecord): string | null
}

export interface PrepareContext {
  /** --pull: fetch missing container images instead of refusing. */
  pull: boolean
  /** The run's [benchmarks.options], as strings. */
  options?: Record<string, string>
  log(line: string): void
}
