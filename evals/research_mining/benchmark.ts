import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { loadResearchQuestions } from './loader.ts'
import { rescore, scoreAnswer } from './scorer.ts'

const researchMining: BenchmarkDefinition = { key: 'research_mining', load: loadResearchQuestions, score: scoreAnswer, rescore }
export default researchMining
