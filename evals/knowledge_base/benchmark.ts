import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { loadKnowledgeBase } from './loader.ts'
import { rescore, scoreAnswer } from './scorer.ts'

const knowledgeBase: BenchmarkDefinition = { key: 'knowledge_base', load: loadKnowledgeBase, score: scoreAnswer, rescore }
export default knowledgeBase
