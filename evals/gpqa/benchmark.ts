import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { loadGpqa } from './loader.ts'
import { rescore, scoreAnswer } from './scorer.ts'

const gpqa: BenchmarkDefinition = { key: 'gpqa', load: loadGpqa, score: scoreAnswer, rescore }
export default gpqa
