import type { BenchmarkDefinition } from '../../src/harness/types.ts'
import { loadIpw } from './loader.ts'
import { scoreAnswer } from './scorer.ts'

const ipw: BenchmarkDefinition = { key: 'ipw', load: loadIpw, score: scoreAnswer }
export default ipw
