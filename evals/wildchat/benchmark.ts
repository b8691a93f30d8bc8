import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { loadWildChat } from './loader.ts'
import { rescore, scoreAnswer } from './scorer.ts'

const wildchat: BenchmarkDefinition = { key: 'wildchat', load: loadWildChat, score: scoreAnswer, rescore }
export default wildchat
