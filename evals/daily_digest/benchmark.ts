import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { loadDailyDigest } from './loader.ts'
import { rescore, scoreAnswer } from './scorer.ts'

const dailyDigest: BenchmarkDefinition = { key: 'daily_digest', load: loadDailyDigest, score: scoreAnswer, rescore }
export default dailyDigest
