import type { BenchmarkDefinition } from '../../src/harness/types.ts'
import { loadWildChat } from './loader.ts'
import { scoreAnswer } from './scorer.ts'

const wildchat: BenchmarkDefinition = { key: 'wildchat', load: loadWildChat, score: scoreAnswer }
export default wildchat
