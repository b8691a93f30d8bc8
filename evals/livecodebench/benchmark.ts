import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { loadLiveCodeBench } from './loader.ts'
import { scoreAnswer } from './scorer.ts'

const livecodebench: BenchmarkDefinition = { key: 'livecodebench', load: loadLiveCodeBench, score: scoreAnswer }
export default livecodebench
