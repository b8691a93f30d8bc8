import { inject } from 'vitest'
import { runBenchmark } from '../../src/eval.ts'
import { customBenchmark } from './benchmark.ts'

// Every custom local-file benchmark of this model's suite, one describe each.
for (const run of Object.values(inject('jarvis')?.runs ?? {})) if (run.dataset) runBenchmark(customBenchmark(run), run.benchmark)
