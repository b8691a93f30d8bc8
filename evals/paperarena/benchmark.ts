import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { searchProviderProblem } from '../../src/tools/search-provider.ts'
import { loadPaperArena } from './loader.ts'
import { rescore, scoreAnswer } from './scorer.ts'

/** The paper context is in the prompt; an agent gets the calculator, and the web tools when a provider is set. */
const paperarena: BenchmarkDefinition = {
  key: 'paperarena',
  load: loadPaperArena,
  score: scoreAnswer,
  rescore,
  get defaultTools() {
    return searchProviderProblem(process.env) === null ? ['calculator', 'web_search', 'web_fetch'] : ['calculator']
  },
}
export default paperarena
