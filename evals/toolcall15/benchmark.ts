import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { loadToolCall15 } from './loader.ts'
import { mockTools } from './mock-tools.ts'
import { scenarios } from './scenarios.ts'
import { scoreAnswer } from './scorer.ts'

/**
 * Scored on the calls the model makes against the 12 mock tools, which serve each scenario's outputs through
 * the agent loop: an agent backend is required, and no registry tool is offered unless the run names one.
 */
const toolcall15: BenchmarkDefinition = {
  key: 'toolcall15',
  load: loadToolCall15,
  score: scoreAnswer,
  requiresAgent: true,
  defaultTools: [],
  sampleTools: (record) => mockTools(scenarios().find((s) => s.id === record.metadata.scenario_id)!),
}
export default toolcall15
