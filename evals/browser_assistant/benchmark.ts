import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { loadBrowserAssistant } from './loader.ts'
import { rescore, scoreAnswer } from './scorer.ts'

const browserAssistant: BenchmarkDefinition = { key: 'browser_assistant', load: loadBrowserAssistant, score: scoreAnswer, rescore }
export default browserAssistant
