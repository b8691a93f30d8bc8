import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { searchProviderProblem } from '../../src/tools/search-provider.ts'
import { loadGaia } from './loader.ts'
import { rescore, scoreAnswer } from './scorer.ts'

/**
 * A task's attachment goes into its work dir (a local environment) for file_read and code_interpreter. An agent
 * backend is required: without tools the attachment tasks have no answer. Default tools: file_read and the
 * calculator, and web_search + web_fetch when a search provider is configured (JARVIS_SEARXNG_URL or
 * JARVIS_SEARCH_CORPUS).
 */
const gaia: BenchmarkDefinition = {
  key: 'gaia',
  load: loadGaia,
  score: scoreAnswer,
  rescore,
  requiresAgent: true,
  requiresAgentReason: "reads its tasks' attachments and looks things up with tools",
  get defaultTools() {
    return searchProviderProblem(process.env) === null ? ['file_read', 'calculator', 'web_search', 'web_fetch'] : ['file_read', 'calculator']
  },
  environment: (record) => {
    const local = record.metadata.attachment
    return typeof local === 'string' ? { kind: 'local', files: [{ path: String(record.metadata.file_name), source: local }] } : null
  },
}
export default gaia
