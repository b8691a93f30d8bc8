import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { loadSwefficiency } from './loader.ts'
import { scoreSwefficiency } from './scorer.ts'

const swefficiency: BenchmarkDefinition = { key: 'swefficiency', load: loadSwefficiency, score: (record, answer, ctx) => scoreSwefficiency(record, answer, ctx) }
export default swefficiency
