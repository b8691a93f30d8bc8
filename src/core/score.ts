import type { Attempt } from './backend.ts'
import type { Environment } from './environment.ts'
import type { Judge } from './judge.ts'

/**
 * The name of the error a wrong answer's test fails with (the harness throws it): a verdict, not a crash, so a
 * gate-only run (reporters/gate-exit.ts) can tell wrong answers from harness failures.
 */
export const WRONG_ANSWER_ERROR = 'WrongAnswer'

/** What a scorer decided. `isCorrect: null` = the harness could not judge (excluded from accuracy). */
export interface Score {
  isCorrect: boolean | null
  /** Continuous score in [0, 1]; defaults to 1/0 from isCorrect. */
  score?: number | null
  /** What the scorer expected and what it read from the answer (shown on failure). */
  expected?: string
  extracted?: string | null
  /** Why a sample is unscored, or why it is wrong (empty_response, no_choice_letter, …). */
  reason?: string
  metadata: Record<string, unknown>
}

export interface ScoreContext {
  judge: Judge
  seed: number
  signal?: AbortSignal
  /** The whole attempt (transcript, tool calls, usage); scorers that only need the answer ignore it. */
  attempt?: Attempt
  /** The sample's environment, still open while scoring (its files, its container). */
  environment?: Environment | null
  /** The run's model and results file, for scorers that write a sidecar (SWE-bench predictions). */
  run?: { model: string; modelSlug: string; outputPath: string }
}
