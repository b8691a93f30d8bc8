// Plain Vitest, the reference the harness is measured against (perf-lab.md): one file, N test.concurrent cases,
// maxConcurrency C, default pool. Run by bench/all.mjs as `vitest run --config bench/plain-vitest/vitest.config.mjs --reporter=dot`.
import { fileURLToPath } from 'node:url'

export default {
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['mcq.bench-test.mjs'],
    maxConcurrency: Number(process.env.BENCH_C ?? 32),
    testTimeout: 600_000,
    environment: 'node',
  },
}
