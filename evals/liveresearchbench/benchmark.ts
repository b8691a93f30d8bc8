import type { BenchmarkDefinition } from '../../src/harness/types.ts'
import { loadLiveResearchBench } from './loader.ts'
import { scoreAnswer } from './scorer.ts'

const liveresearchbench: BenchmarkDefinition = { key: 'liveresearchbench', load: loadLiveResearchBench, score: scoreAnswer }
export default liveresearchbench
