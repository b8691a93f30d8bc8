import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { loadSuperGpqa } from './loader.ts'
import { rescore, scoreAnswer } from './scorer.ts'

const supergpqa: BenchmarkDefinition = { key: 'supergpqa', load: loadSuperGpqa, score: scoreAnswer, rescore }
export default supergpqa
