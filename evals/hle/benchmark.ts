import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { loadHle } from './loader.ts'
import { rescore, scoreAnswer } from './scorer.ts'

const hle: BenchmarkDefinition = { key: 'hle', load: loadHle, score: scoreAnswer, rescore }
export default hle
