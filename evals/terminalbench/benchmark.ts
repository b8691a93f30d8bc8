import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { loadTerminalBench } from './loader.ts'
import { rescore, scoreAnswer } from './scorer.ts'

/** Text only (nothing runs): one call answers it; an agent may use its tools, e.g. the calculator. */
const terminalbench: BenchmarkDefinition = { key: 'terminalbench', load: loadTerminalBench, score: scoreAnswer, rescore }
export default terminalbench
