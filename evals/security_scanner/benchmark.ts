import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { loadSecurityScanner } from './loader.ts'
import { rescore, scoreAnswer } from './scorer.ts'

const securityScanner: BenchmarkDefinition = { key: 'security_scanner', load: loadSecurityScanner, score: scoreAnswer, rescore }
export default securityScanner
