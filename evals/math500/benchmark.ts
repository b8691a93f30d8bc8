import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { loadMath500 } from './loader.ts'
import { rescore, scoreAnswer } from './scorer.ts'

const math500: BenchmarkDefinition = { key: 'math500', load: loadMath500, score: scoreAnswer, rescore }
export default math500
