import { describe, expect, test } from 'vitest'
import { expandSuite } from '../../src/config/expand.ts'
import { EVAL_TEST_TIMEOUT_MS, evalFileFor, modelProjects, UNIT_PROJECT } from '../../src/config/projects.ts'
import type { ProjectContext } from '../../src/config/resolved-run.ts'
import { SuiteSchema } from '../../src/config/schema.ts'

const runs = expandSuite(
  SuiteSchema.parse({
    run: { max_workers: 3 },
    models: [{ name: 'qwen3:8b' }, { name: 'Qwen/Qwen3-8B' }],
    benchmarks: [
      { name: 'supergpqa' },
      { name: 'gpqa' },
      { name: 'my-mcq', scorer: 'mcq', dataset: { path: 'data/a.jsonl' } },
      { name: 'my-exact', scorer: 'exact', dataset: { path: 'data/b.csv' } },
    ],
  }),
  {},
  { source: 's.toml', env: {}, cwd: '/w', configDir: '/w/configs' },
)

describe('modelProjects', () => {
  const projects = modelProjects(runs)

  test('one project per model, named by its slug, in suite order', () => {
    expect(projects.map((p) => p.test?.name)).toEqual(['qwen3-8b', 'Qwen-Qwen3-8B'])
  })

  test("include lists each benchmark's eval file once; custom benchmarks share the generic file", () => {
    expect(projects[0].test?.include).toEqual(['evals/supergpqa/supergpqa.eval.ts', 'evals/gpqa/gpqa.eval.ts', 'evals/custom/custom.eval.ts'])
  })

  test("provide hands the workers that model's runs, keyed by benchmark", () => {
    const ctx = (projects[1].test?.provide as { jarvis: ProjectContext }).jarvis
    expect(Object.keys(ctx.runs)).toEqual(['supergpqa', 'gpqa', 'my-mcq', 'my-exact'])
    expect(Object.values(ctx.runs).every((r) => r.model === 'Qwen/Qwen3-8B')).toBe(true)
    expect(ctx.runs['my-mcq'].dataset?.path).toBe('/w/configs/data/a.jsonl')
    // the context must survive structured cloning to the workers
    expect(structuredClone(ctx)).toEqual(ctx)
  })

  test('projects extend the root config, run samples concurrently with long timeouts', () => {
    for (const p of projects) {
      expect(p.extends).toBe(true)
      expect(p.test).toMatchObject({ testTimeout: EVAL_TEST_TIMEOUT_MS, hookTimeout: EVAL_TEST_TIMEOUT_MS, sequence: { concurrent: true } })
      // room for scoring to overlap inference: at least 5, else twice max_workers
      expect(p.test?.maxConcurrency).toBe(6)
    }
    expect(EVAL_TEST_TIMEOUT_MS).toBeGreaterThanOrEqual(3600_000)
  })

  test('no runs → no model projects', () => {
    expect(modelProjects([])).toEqual([])
  })
})

describe('evalFileFor', () => {
  test('a registered benchmark maps to evals/<key>/<key>.eval.ts', () => {
    expect(evalFileFor({ benchmark: 'mmlu-pro', dataset: null })).toBe('evals/mmlu-pro/mmlu-pro.eval.ts')
  })
})

describe('UNIT_PROJECT', () => {
  test('is named unit and picks up the harness tests (not the *.eval.ts files)', () => {
    expect(UNIT_PROJECT.test?.name).toBe('unit')
    const include = UNIT_PROJECT.test?.include ?? []
    expect(include).toEqual(expect.arrayContaining(['test/**/*.test.ts', 'src/**/*.test.ts', 'evals/**/*.test.ts', 'reporters/**/*.test.ts']))
    expect(include.some((g) => g.includes('.eval.'))).toBe(false)
    expect(UNIT_PROJECT.extends).toBe(true)
  })
})
