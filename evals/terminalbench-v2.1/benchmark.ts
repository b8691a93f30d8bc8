import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { prepareImages, taskEnvironment } from './environment.ts'
import { loadTerminalBench } from './loader.ts'
import { scoreTask } from './scorer.ts'

const terminalBench: BenchmarkDefinition = {
  key: 'terminalbench-v2.1',
  load: (ctx) => loadTerminalBench(ctx),
  environment: taskEnvironment,
  prepare: prepareImages,
  // jarvis-agent works in the task's container through the shell tool; jarvis-direct answers with one bash fence.
  defaultTools: ['shell'],
  score: (record, answer, ctx) => scoreTask(record, answer, ctx),
}
export default terminalBench
