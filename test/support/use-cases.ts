// Helpers for the use-case benchmarks' tests: counting a data set's mix, loading its records.
//
//   countBy(items, key): Record<string, number>
//   loadAll(def): Promise<EvalRecord[]>
import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import type { EvalRecord } from '../../src/core/record.ts'

export function countBy<T>(items: readonly T[], key: (item: T) => unknown): Record<string, number> {
  const out: Record<string, number> = {}
  for (const item of items) {
    const k = String(key(item))
    out[k] = (out[k] ?? 0) + 1
  }
  return out
}

export const loadAll = (def: Pick<BenchmarkDefinition, 'load'>): Promise<EvalRecord[]> => def.load({ seed: 0, log: () => {} })
