import type { BenchmarkDefinition } from '../../src/harness/types.ts'
import { loadMath500 } from './loader.ts'
import { scoreAnswer } from './scorer.ts'

const math500: BenchmarkDefinition = { key: 'math500', load: loadMath500, score: scoreAnswer }
export default math500
