import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import type { EvalRecord } from '../../src/core/record.ts'
import type { Score, ScoreContext } from '../../src/core/score.ts'
import { createShellTool } from '../../src/tools/shell.ts'
import { scoreDb } from './db-scorer.ts'
import { prepareLifelong, sampleEnvironment } from './environment.ts'
import { loadLifelong } from './loader.ts'
import { COMMAND_TIMEOUT_S, scoreOs } from './os-task.ts'
import { lifelongMessages } from './prompt.ts'
import { sqlTool } from './sql-tool.ts'

/** upstream's max_round per subset (db_bench 3, os_interaction 5, knowledge_graph 15). */
export const ROUNDS: Record<string, number> = { db_bench: 3, os_interaction: 5, knowledge_graph: 15 }

function score(record: EvalRecord, answer: string, ctx: ScoreContext): Promise<Score> {
  const subset = record.metadata.subset
  if (subset === 'db_bench') return scoreDb(record, answer, ctx)
  if (subset === 'os_interaction') return scoreOs(record, answer, ctx)
  return Promise.resolve({ isCorrect: null, reason: 'knowledge_graph_not_implemented', metadata: {} })
}

const lifelongAgent: BenchmarkDefinition = {
  key: 'lifelong-agent',
  load: loadLifelong,
  messages: lifelongMessages,
  environment: sampleEnvironment,
  prepare: prepareLifelong,
  // The subset's tool, for this sample only: `sql` on its database, `shell` in its container.
  sampleTools: (r) => (r.metadata.subset === 'db_bench' ? [sqlTool()] : r.metadata.subset === 'os_interaction' ? [createShellTool({ cwd: null, timeoutS: COMMAND_TIMEOUT_S })] : []),
  // One lifelong episode per subset, in sample_index order, never shuffled.
  episode: (r) => String(r.metadata.subset),
  ordered: true,
  // Every operation upstream would run is run; the turn after the last may still commit the answer.
  defaultMaxTurns: (r) => (ROUNDS[String(r.metadata.subset)] ?? 3) + 1,
  // md5 tasks and the OS evaluation judge the state the agent left, even when it ran out of rounds.
  scoresStoppedAttempts: true,
  score,
}
export default lifelongAgent
