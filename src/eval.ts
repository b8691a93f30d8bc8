// jarvis-evals/eval: what a *.eval.ts file imports (it runs under Vitest: one test.concurrent per sample).
export { runBenchmark } from './harness/run-benchmark.ts'
export { evalTest } from './harness/fixtures.ts'
