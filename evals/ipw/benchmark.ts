import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { loadIpw } from './loader.ts'
import { rescore, scoreAnswer } from './scorer.ts'

const ipw: BenchmarkDefinition = { key: 'ipw', load: loadIpw, score: scoreAnswer, rescore }
export default ipw
