import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { loadDeepResearch } from './loader.ts'
import { rescore, scoreReport } from './scorer.ts'

/** DeepResearchBench report generation; the deepresearch alias runs this definition under its own key. */
const liveresearch: BenchmarkDefinition = { key: 'liveresearch', load: loadDeepResearch, score: scoreReport, rescore }
export default liveresearch
