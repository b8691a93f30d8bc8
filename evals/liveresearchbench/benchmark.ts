import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { loadLiveResearchBench } from './loader.ts'
import { rescore, scoreAnswer } from './scorer.ts'

const liveresearchbench: BenchmarkDefinition = { key: 'liveresearchbench', load: loadLiveResearchBench, score: scoreAnswer, rescore }
export default liveresearchbench
