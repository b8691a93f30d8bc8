import type { EnvironmentSpec } from './environment.ts'
import type { ChatMessage } from './messages.ts'
import type { EvalRecord, LoadContext } from './record.ts'
import type { SampleResult } from './sample-result.ts'
import type { Score, ScoreContext } from './score.ts'

export interface BenchmarkDefinition {
  key: string
  /** All records of the split, in dataset order. The harness shuffles with the seed and takes max_samples. */
  load(ctx: LoadContext): Promise<EvalRecord[]>
  /** Messages sent to the model; the default is [system?, user: problem]. */
  messages?(record: EvalRecord): ChatMessage[]
  score(record: EvalRecord, answer: string, ctx: ScoreContext): Promise<Score>
  /** reparse-judge: the verdict re-read from a stored line with the current parser; null when nothing to re-read. */
  rescore?(result: SampleResult): Score | null
  /** A per-sample world (files; later a container or a browser), open from inference to the end of scoring. */
  environment?(record: EvalRecord): EnvironmentSpec | null
}
