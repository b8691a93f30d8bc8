import type { BenchmarkDefinition } from '../../src/harness/types.ts'
import { loadHle } from './loader.ts'
import { scoreAnswer } from './scorer.ts'

const hle: BenchmarkDefinition = { key: 'hle', load: loadHle, score: scoreAnswer }
export default hle
