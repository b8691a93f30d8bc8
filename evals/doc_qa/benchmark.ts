import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { loadDocQa } from './loader.ts'
import { rescore, scoreAnswer } from './scorer.ts'

const docQa: BenchmarkDefinition = { key: 'doc_qa', load: loadDocQa, score: scoreAnswer, rescore }
export default docQa
