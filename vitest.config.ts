import { defineConfig } from 'vitest/config'

// Placeholder while the suite → projects wiring lands: the harness's own tests only.
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts', 'evals/**/*.test.ts', 'reporters/**/*.test.ts', 'bench/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
