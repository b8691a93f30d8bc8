import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { loadFrames } from './loader.ts'
import { rescore, scoreAnswer } from './scorer.ts'

const frames: BenchmarkDefinition = { key: 'frames', load: loadFrames, score: scoreAnswer, rescore }
export default frames
