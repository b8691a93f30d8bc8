import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { loadNaturalReasoning } from './loader.ts'
import { rescore, scoreAnswer } from './scorer.ts'

const naturalReasoning: BenchmarkDefinition = { key: 'natural-reasoning', load: loadNaturalReasoning, score: scoreAnswer, rescore }
export default naturalReasoning
