import type { BenchmarkDefinition } from '../../src/harness/types.ts'
import { loadMmluPro } from './loader.ts'
import { scoreAnswer } from './scorer.ts'

const mmluPro: BenchmarkDefinition = { key: 'mmlu-pro', load: loadMmluPro, score: scoreAnswer }
export default mmluPro
