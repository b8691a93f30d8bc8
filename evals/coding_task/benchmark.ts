import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { loadCodingTasks } from './loader.ts'
import { scoreAnswer } from './scorer.ts'

const codingTask: BenchmarkDefinition = { key: 'coding_task', load: loadCodingTasks, score: scoreAnswer }
export default codingTask
