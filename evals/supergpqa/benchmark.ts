import type { BenchmarkDefinition } from '../../src/harness/types.ts'
import { loadSuperGpqa } from './loader.ts'
import { scoreAnswer } from './scorer.ts'

const supergpqa: BenchmarkDefinition = { key: 'supergpqa', load: loadSuperGpqa, score: scoreAnswer }
export default supergpqa
