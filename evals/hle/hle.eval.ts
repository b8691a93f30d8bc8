import { runBenchmark } from '../../src/harness/run-benchmark.ts'
import benchmark from './benchmark.ts'
runBenchmark(benchmark)
