import type { BenchmarkDefinition } from '../../src/harness/types.ts'
import { loadNaturalReasoning } from './loader.ts'
import { scoreAnswer } from './scorer.ts'

const naturalReasoning: BenchmarkDefinition = { key: 'natural-reasoning', load: loadNaturalReasoning, score: scoreAnswer }
export default naturalReasoning
