import { inject } from 'vitest'
import { loadDefinition } from './registry.ts'
import { runBenchmark } from '../src/eval.ts'

/** The body of a generated part file: this benchmark's samples whose record-id hash falls in part `index`. */
export async function runBenchmarkPart(benchmark: string, index: number, count: number): Promise<void> {
  const run = inject('jarvis')?.runs?.[benchmark]
  if (!run) return runBenchmark({ key: benchmark, load: async () => [], score: async () => ({ isCorrect: null, metadata: {} }) }, benchmark)
  runBenchmark(await loadDefinition(run), benchmark, { index, count })
}
