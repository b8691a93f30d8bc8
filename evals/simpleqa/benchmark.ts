import type { BenchmarkDefinition } from '../../src/harness/types.ts'
import { loadSimpleQa } from './loader.ts'
import { scoreAnswer } from './scorer.ts'

const simpleqa: BenchmarkDefinition = { key: 'simpleqa', load: loadSimpleQa, score: scoreAnswer }
export default simpleqa
