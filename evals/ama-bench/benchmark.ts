import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { loadAmaBench } from './loader.ts'
import { rescore, scoreAnswer } from './scorer.ts'

/** Each trajectory is an episode: its questions run in order, earlier right answers prepended as examples. */
const amaBench: BenchmarkDefinition = {
  key: 'ama-bench',
  load: loadAmaBench,
  score: scoreAnswer,
  rescore,
  episode: (record) => String(record.metadata.episode_id),
}
export default amaBench
