// jarvis-evals/config: TOML suites → resolved runs → Vitest projects (what vitest.config.ts uses).
export { expandSuite, type RunOverrides } from './expand.ts'
export { loadSuiteFile, parseSuite } from './load.ts'
export { modelProjects, UNIT_PROJECT } from './projects.ts'
export type { ProjectContext, ResolvedRun } from './resolved-run.ts'
export type { Suite, SuiteInput } from './schema.ts'
export { modelSlug } from './slug.ts'
export { runsFromEnv } from './suite-from-env.ts'
