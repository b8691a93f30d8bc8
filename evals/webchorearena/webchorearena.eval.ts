import { runBenchmark } from '../../src/eval.ts'
import benchmark from './benchmark.ts'
runBenchmark(benchmark)
