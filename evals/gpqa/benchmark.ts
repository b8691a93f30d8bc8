import type { BenchmarkDefinition } from '../../src/harness/types.ts'
import { loadGpqa } from './loader.ts'
import { scoreAnswer } from './scorer.ts'

const gpqa: BenchmarkDefinition = { key: 'gpqa', load: loadGpqa, score: scoreAnswer }
export default gpqa
