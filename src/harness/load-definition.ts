import { findBenchmark } from '../../evals/registry.ts'
import type { ResolvedRun } from '../config/resolved-run.ts'
import { JarvisError } from '../errors.ts'
import type { BenchmarkDefinition } from './types.ts'

/** The benchmark definition of a run: a registered one, or a custom local-file benchmark. */
export async function loadDefinition(run: Pick<ResolvedRun, 'benchmark' | 'dataset' | 'scorer' | 'category'>): Promise<BenchmarkDefinition> {
  if (run.dataset) {
    const { customBenchmark } = await import('../../evals/custom/benchmark.ts')
    return customBenchmark(run as ResolvedRun)
  }
  const entry = findBenchmark(run.benchmark)
  if (!entry?.load) throw new JarvisError('JARVIS_UNKNOWN_BENCHMARK', `benchmark "${run.benchmark}" is not available.`)
  return entry.load()
}
