import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { loadSimpleQa } from './loader.ts'
import { rescore, scoreAnswer } from './scorer.ts'

const simpleqa: BenchmarkDefinition = { key: 'simpleqa', load: loadSimpleQa, score: scoreAnswer, rescore }
export default simpleqa
