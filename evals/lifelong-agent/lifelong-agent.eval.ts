import { afterAll } from 'vitest'
import { stopSqlServer } from '../../src/databases/index.ts'
import { runBenchmark } from '../../src/eval.ts'
import benchmark from './benchmark.ts'
runBenchmark(benchmark)
// A throwaway mariadbd started for this file's samples stops with them (it also dies with the process).
afterAll(() => stopSqlServer())
