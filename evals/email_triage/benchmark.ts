import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { loadEmails } from './loader.ts'
import { rescore, scoreAnswer } from './scorer.ts'

const emailTriage: BenchmarkDefinition = { key: 'email_triage', load: loadEmails, score: scoreAnswer, rescore }
export default emailTriage
