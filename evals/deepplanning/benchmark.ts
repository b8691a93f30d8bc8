import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { loadDeepPlanning } from './loader.ts'
import { rescore, scoreAnswer } from './scorer.ts'

/** The catalog is in the prompt; an agent gets the calculator for prices and totals by default. */
const deepplanning: BenchmarkDefinition = { key: 'deepplanning', load: loadDeepPlanning, score: scoreAnswer, rescore, defaultTools: ['calculator'] }
export default deepplanning
