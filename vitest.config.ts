import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { modelProjects, UNIT_PROJECT } from './src/config/projects.ts'
import { runsFromEnv } from './src/config/suite-from-env.ts'
import { jarvisPlugin } from './reporters/plugin.ts'

// TOML suite → one Vitest project per model (named by its slug), plus `unit` for the harness's own tests.
//   npx vitest run --project unit                          the harness tests (npm test)
//   JARVIS_EVAL_CONFIG=configs/x.toml npx vitest run --project qwen3-8b   one model's row of the matrix
const root = fileURLToPath(new URL('.', import.meta.url))

export default defineConfig({
  plugins: [jarvisPlugin()],
  test: {
    projects: [UNIT_PROJECT, ...modelProjects(runsFromEnv(root), root)],
  },
})
