import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { loadCodingAssistant } from './loader.ts'
import { scoreAnswer } from './scorer.ts'

const codingAssistant: BenchmarkDefinition = { key: 'coding_assistant', load: loadCodingAssistant, score: scoreAnswer }
export default codingAssistant
