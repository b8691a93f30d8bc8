import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { loadMmluPro } from './loader.ts'
import { rescore, scoreAnswer } from './scorer.ts'

const mmluPro: BenchmarkDefinition = { key: 'mmlu-pro', load: loadMmluPro, score: scoreAnswer, rescore }
export default mmluPro
