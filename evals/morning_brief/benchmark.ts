import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { loadMorningBriefs } from './loader.ts'
import { rescore, scoreAnswer } from './scorer.ts'

const morningBrief: BenchmarkDefinition = { key: 'morning_brief', load: loadMorningBriefs, score: scoreAnswer, rescore }
export default morningBrief
