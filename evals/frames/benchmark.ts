import type { BenchmarkDefinition } from '../../src/harness/types.ts'
import { loadFrames } from './loader.ts'
import { scoreAnswer } from './scorer.ts'

const frames: BenchmarkDefinition = { key: 'frames', load: loadFrames, score: scoreAnswer }
export default frames
