// `deepresearch`: an alias of liveresearch (DeepResearchBench), as in OpenJarvis's registry.
import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import liveresearch from '../liveresearch/benchmark.ts'

const deepresearch: BenchmarkDefinition = { ...liveresearch, key: 'deepresearch' }
export default deepresearch
