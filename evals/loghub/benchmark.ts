import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { loadLoghub } from './loader.ts'
import { rescore, scoreAnswer } from './scorer.ts'

/** The log is in the prompt: one call answers it (jarvis-direct), an agent may think it over. */
const loghub: BenchmarkDefinition = { key: 'loghub', load: loadLoghub, score: scoreAnswer, rescore }
export default loghub
