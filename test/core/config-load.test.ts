import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, test } from 'vitest'
import { loadSuiteFile, parseSuite, tomlPlace } from '../../src/config/load.ts'
import { DEFAULT_JUDGE_MODEL, SuiteSchema } from '../../src/config/schema.ts'
import { JarvisError } from '../../src/core/errors.ts'
import { REPO_ROOT } from '../support/run-process.ts'
import { BENCHMARKS, isReady, missingReason } from '../../evals/registry.ts'

// Suites are loaded from fixture files by a path relative to the repo root (Vitest's cwd), so the file name
// in each message is stable and can be pinned.
const FIX = 'test/core/fixtures/suites'
const M = [{ name: 'qwen3:8b' }]
const B = [{ name: 'supergpqa' }]

/** The JarvisError a call throws (fails the test when it throws nothing or something else). */
function errorOf(fn: () => unknown): JarvisError {
  try {
    fn()
  } catch (e) {
    expect(e).toBeInstanceOf(JarvisError)
    return e as JarvisError
  }
  throw new Error('expected a JarvisError, nothing was thrown')
}

describe('loadSuiteFile: TOML problems name the file and the place', () => {
  test('malformed TOML gives line and column', () => {
    expect(() => loadSuiteFile(`${FIX}/malformed.toml`)).toThrowErrorMatchingInlineSnapshot(`[JarvisError: test/core/fixtures/suites/malformed.toml (line 4, column 8): malformed TOML: Invalid TOML document: invalid value. Fix the syntax at that place.]`)
    expect(errorOf(() => loadSuiteFile(`${FIX}/malformed.toml`)).code).toBe('JARVIS_BAD_CONFIG')
  })

  test('a missing file says which path and how to pass another', () => {
    expect(() => loadSuiteFile(`${FIX}/does-not-exist.toml`)).toThrowErrorMatchingInlineSnapshot(`[JarvisError: test/core/fixtures/suites/does-not-exist.toml: config file not found. Check the path given to -c/--config or JARVIS_EVAL_CONFIG.]`)
  })

  test('an unknown key in the second [[benchmarks]] block is placed by its number, with a did-you-mean', () => {
    expect(() => loadSuiteFile(`${FIX}/unknown-key-benchmark.toml`)).toThrowErrorMatchingInlineSnapshot(`[JarvisError: test/core/fixtures/suites/unknown-key-benchmark.toml [[benchmarks]] #2: unknown key "temprature". Did you mean "temperature"?]`)
  })

  test('an unknown benchmark lists close matches and the list command', () => {
    const e = errorOf(() => loadSuiteFile(`${FIX}/unknown-benchmark.toml`))
    expect(e.code).toBe('JARVIS_UNKNOWN_BENCHMARK')
    expect(e.message).toMatchInlineSnapshot(`"test/core/fixtures/suites/unknown-benchmark.toml [[benchmarks]] #1: unknown benchmark "gpqa-diamnd". Did you mean "gpqa"? Run jarvis eval list."`)
  })

  test('a value of the wrong type shows what it got', () => {
    expect(() => loadSuiteFile(`${FIX}/wrong-type.toml`)).toThrowErrorMatchingInlineSnapshot(`[JarvisError: test/core/fixtures/suites/wrong-type.toml [[models]] #1 key "max_tokens": expected number, got "4096". Fix the value's type.]`)
  })

  test('a suite without [[models]] says so', () => {
    expect(() => loadSuiteFile(`${FIX}/no-models.toml`)).toThrowErrorMatchingInlineSnapshot(`[JarvisError: test/core/fixtures/suites/no-models.toml: no [[models]] block. Add at least one, e.g. [[models]] with name = "qwen3:8b".]`)
  })
})

// BUG (minor): a suite with no [[models]] block is reported as `[models]: missing required value (expected
// array)`: single brackets name a table the user never wrote. The empty-array case already says it right.
test('a suite without [[models]] names the [[models]] block it needs', () => {
  expect(errorOf(() => loadSuiteFile(`${FIX}/no-models.toml`)).message).toContain('[[models]]')
})

// BUG (minor): `[models]` written as a single table (a common slip) says "expected array, got {…}" rather than
// telling the user to write [[models]].
test('[models] written as a table is told to use [[models]]', () => {
  expect(errorOf(() => parseSuite({ models: { name: 'qwen3:8b' }, benchmarks: [{ name: 'gpqa' }] }, 's.toml')).message).toContain('[[models]]')
})

describe('parseSuite: schema and registry checks', () => {
  const bad = (raw: unknown) => () => parseSuite(raw, 'suite.toml')

  test('unknown key in [[models]] suggests the right spelling', () => {
    expect(bad({ models: [{ name: 'a', temprature: 0.3 }], benchmarks: B })).toThrowErrorMatchingInlineSnapshot(`[JarvisError: suite.toml [[models]] #1: unknown key "temprature". Did you mean "temperature"?]`)
  })

  test('unknown key in [run] lists the keys [run] knows', () => {
    expect(bad({ run: { max_worker: 2 }, models: M, benchmarks: B })).toThrowErrorMatchingInlineSnapshot(`[JarvisError: suite.toml [run]: unknown key "max_worker". Did you mean "max_workers"?]`)
    expect(bad({ run: { temprature: 0.3 }, models: M, benchmarks: B })).toThrowErrorMatchingInlineSnapshot(`[JarvisError: suite.toml [run]: unknown key "temprature". "temperature" belongs in [defaults], [[models]] or [[benchmarks]].]`)
  })

  // BUG (minor): `temperature` lives in [defaults]/[[models]]/[[benchmarks]]; a user who writes it (or a typo of
  // it) in [run] gets the whole list of [run] keys instead of being told where it belongs.
  test('a generation key put in [run] is pointed to [defaults]', () => {
    expect(errorOf(bad({ run: { temprature: 0.3 }, models: M, benchmarks: B })).message).toMatch(/\[defaults\]/)
  })

  test('unknown key in [judge] and at the top level', () => {
    expect(bad({ judge: { modl: 'x' }, models: M, benchmarks: B })).toThrowErrorMatchingInlineSnapshot(`[JarvisError: suite.toml [judge]: unknown key "modl". Did you mean "model"?]`)
    expect(bad({ benchmark: [], models: M, benchmarks: B })).toThrowErrorMatchingInlineSnapshot(`[JarvisError: suite.toml (top level): unknown key "benchmark". Did you mean "benchmarks"?]`)
  })

  // BUG: nested tables are placed and hinted with their parent's keys. `[backend.external] base_ur` is reported
  // as `[backend] key "external"` with no hint, and a typo in `[benchmarks.dataset]` lists the [[benchmarks]] keys.
  test('an unknown key in [backend.external] names that table and suggests base_url', () => {
    expect(errorOf(bad({ backend: { external: { base_ur: 'x' } }, models: M, benchmarks: B })).message).toBe(
      'suite.toml [backend.external]: unknown key "base_ur". Did you mean "base_url"?',
    )
  })
  test('[pricing."<model>"]: a typo names the model table and suggests the price key; a bad date says the format', () => {
    expect(bad({ models: M, benchmarks: B, pricing: { 'gpt-5-mini': { input_per_milion: 1, output_per_million: 2 } } })).toThrowErrorMatchingInlineSnapshot(`[JarvisError: suite.toml [pricing."gpt-5-mini"]: unknown key "input_per_milion". Did you mean "input_per_million" or "output_per_million"?]`)
    expect(bad({ models: M, benchmarks: B, pricing: { 'gpt-5-mini': { input_per_million: 1, output_per_million: 2, read_on: 'May 2026' } } })).toThrowErrorMatchingInlineSnapshot(`[JarvisError: suite.toml [pricing."gpt-5-mini"] key "read_on": expected a date YYYY-MM-DD.]`)
    expect(bad({ models: M, benchmarks: B, pricing: { 'gpt-5-mini': { input_per_million: -1, output_per_million: 2 } } })).toThrow(/\[pricing."gpt-5-mini"\] key "input_per_million"/)
  })

  test('an unknown key in [benchmarks.dataset] suggests the dataset key', () => {
    const raw = { models: M, benchmarks: [{ name: 'mine', scorer: 'mcq', dataset: { path: 'x.jsonl', id_feld: 'id' } }] }
    expect(errorOf(bad(raw)).message).toContain('Did you mean "id_field"?')
  })

  test('an invalid backend lists the allowed ones and the nearest', () => {
    expect(bad({ models: M, benchmarks: [{ name: 'supergpqa', backend: 'jarvis-directt' }] })).toThrowErrorMatchingInlineSnapshot(`[JarvisError: suite.toml [[benchmarks]] #1 key "backend": "jarvis-directt" is not allowed; expected one of jarvis-direct, jarvis-agent, hermes, openclaw, terminalbench-native. Did you mean "jarvis-direct"?]`)
  })

  test('every registered benchmark is ready or run by an external harness; a missing one would say what it needs', () => {
    expect(BENCHMARKS.filter((b) => !isReady(b) && !b.needs.external).map((b) => b.key)).toEqual([])
    expect(missingReason({ key: 'x', category: 'agentic', description: '', needs: { judge: 'never', agentTools: true } })).toBe('not implemented yet (needs the agent backend)')
  })

  test('a backend that is not implemented yet is refused, naming the ready ones', () => {
    const e = errorOf(bad({ models: M, benchmarks: [{ name: 'supergpqa', backend: 'terminalbench-native' }] }))
    expect(e.code).toBe('JARVIS_UNSUPPORTED')
    expect(e.message).toMatchInlineSnapshot(`"suite.toml [[benchmarks]] #1: backend "terminalbench-native" is not supported yet; use backend = "jarvis-direct" or "jarvis-agent" or "hermes" or "openclaw"."`)
  })

  test('two models with the same slug are refused', () => {
    expect(bad({ models: [{ name: 'qwen3:8b' }, { name: 'qwen3/8b' }], benchmarks: B })).toThrowErrorMatchingInlineSnapshot(`[JarvisError: suite.toml [[models]] #2: "qwen3/8b" has the same slug "qwen3-8b" as "qwen3:8b"; each model must be listed once.]`)
    expect(bad({ models: [{ name: 'a' }, { name: 'a' }], benchmarks: B })).toThrow(/\[\[models\]\] #2/)
  })

  test('a benchmark listed twice is refused', () => {
    expect(bad({ models: M, benchmarks: [{ name: 'supergpqa' }, { name: 'gpqa' }, { name: 'supergpqa' }] })).toThrowErrorMatchingInlineSnapshot(`[JarvisError: suite.toml [[benchmarks]] #3: benchmark "supergpqa" is listed twice; list each benchmark once.]`)
  })

  test('empty [[models]] / [[benchmarks]] and a model without a name', () => {
    expect(bad({ models: [], benchmarks: B })).toThrowErrorMatchingInlineSnapshot(`[JarvisError: suite.toml: at least one [[models]] block is required.]`)
    expect(bad({ models: M, benchmarks: [] })).toThrowErrorMatchingInlineSnapshot(`[JarvisError: suite.toml: at least one [[benchmarks]] block is required.]`)
    expect(bad({ models: [{ engine: 'ollama' }], benchmarks: B })).toThrowErrorMatchingInlineSnapshot(`[JarvisError: suite.toml [[models]] #1 key "name": missing required value (expected string). Add it.]`)
  })

  test('range checks: temperature ≤ 2, max_workers > 0, integer max_samples, non-empty record_ids', () => {
    expect(bad({ defaults: { temperature: 3 }, models: M, benchmarks: B })).toThrow(/\[defaults\] key "temperature"/)
    expect(bad({ run: { max_workers: 0 }, models: M, benchmarks: B })).toThrow(/\[run\] key "max_workers"/)
    expect(bad({ models: M, benchmarks: [{ name: 'supergpqa', max_samples: 1.5 }] })).toThrow(/\[\[benchmarks\]\] #1 key "max_samples": expected int, got 1.5/)
    expect(bad({ models: M, benchmarks: [{ name: 'supergpqa', record_ids: [] }] })).toThrow(/\[\[benchmarks\]\] #1 key "record_ids"/)
  })

  test('a custom dataset needs a scorer and a name that is not registered', () => {
    const ds = { path: 'x.jsonl' }
    expect(bad({ models: M, benchmarks: [{ name: 'mine', dataset: ds }] })).toThrowErrorMatchingInlineSnapshot(`[JarvisError: suite.toml [[benchmarks]] #1: a custom benchmark with [benchmarks.dataset] needs scorer = "mcq" | "exact" | "judge".]`)
    expect(bad({ models: M, benchmarks: [{ name: 'gpqa', dataset: ds, scorer: 'mcq' }] })).toThrowErrorMatchingInlineSnapshot(`[JarvisError: suite.toml [[benchmarks]] #1: "gpqa" is a registered benchmark; give your local dataset another name.]`)
  })

  test('record_ids may be numbers in TOML; they become strings', () => {
    const s = parseSuite({ models: M, benchmarks: [{ name: 'supergpqa', record_ids: [12, 'supergpqa-x'] }] }, 's')
    expect(s.benchmarks[0].record_ids).toEqual(['12', 'supergpqa-x'])
  })
})

describe('defaults: the spec Config Reference, every field', () => {
  test('a minimal suite gets every documented default', () => {
    const s = loadSuiteFile(`${FIX}/minimal.toml`)
    expect(s.meta).toEqual({ name: '', description: '' })
    expect(s.defaults).toEqual({ temperature: 0.0, max_tokens: 2048 })
    expect(s.judge).toEqual({ model: 'gpt-5-mini-2025-08-07', temperature: 0.0, max_tokens: 1024, max_workers: 4 })
    expect(s.judge.engine).toBeUndefined()
    expect(s.judge.provider).toBeUndefined()
    expect(s.run).toEqual({
      max_workers: 4,
      output_dir: 'results/',
      seed: 42,
      telemetry: false,
      gpu_metrics: false,
      warmup_samples: 0,
      energy_vendor: '',
      wandb_project: '',
      wandb_entity: '',
      wandb_tags: '',
      wandb_group: '',
      sheets_spreadsheet_id: '',
      sheets_worksheet: 'Results',
      sheets_credentials_path: '',
      // ours
      max_retries: 3,
      resume: false,
      cache: false,
      parts: 1,
    })
    expect(s.run.max_turns).toBeUndefined()
    expect(s.backend).toEqual({ external: {} })
    expect(s.models).toEqual([{ name: 'qwen3:8b', param_count_b: 0, gpu_peak_tflops: 0, gpu_peak_bandwidth_gb_s: 0, num_gpus: 1 }])
    // engine, provider, temperature, max_tokens, active_params_b: None in the spec → absent here
    expect(s.benchmarks).toEqual([{ name: 'supergpqa', backend: 'jarvis-direct', tools: [], mcp_servers: [] }])
  })

  test('the default judge model is the spec one', () => {
    expect(DEFAULT_JUDGE_MODEL).toBe('gpt-5-mini-2025-08-07')
  })

  test("the spec's single-run example parses with its values", () => {
    const s = parseSuite(
      {
        meta: { name: 'single-run-example', description: 'Evaluate SuperGPQA with a single model and full configuration' },
        defaults: { temperature: 0.0, max_tokens: 2048 },
        judge: { model: 'gpt-4o', temperature: 0.0, max_tokens: 1024 },
        run: { max_workers: 4, output_dir: 'results/', seed: 42 },
        models: [{ name: 'qwen3:8b', engine: 'ollama', temperature: 0.3, max_tokens: 4096 }],
        benchmarks: [{ name: 'supergpqa', backend: 'jarvis-direct', max_samples: 100, split: 'train' }],
      },
      'single-run.toml',
    )
    expect(s.models[0]).toMatchObject({ engine: 'ollama', temperature: 0.3, max_tokens: 4096 })
    expect(s.benchmarks[0]).toMatchObject({ max_samples: 100, split: 'train' })
    expect(s.judge.model).toBe('gpt-4o')
  })

  test('objects are strict at every level (no key is silently ignored)', () => {
    for (const k of ['meta', 'defaults', 'judge', 'run'] as const) {
      expect(() => SuiteSchema.parse({ [k]: { zzz: 1 }, models: M, benchmarks: B })).toThrow()
    }
  })
})

describe('tomlPlace', () => {
  test.each([
    [[], '(top level)'],
    [['run'], '[run]'],
    [['run', 'seed'], '[run] key "seed"'],
    [['models', 0], '[[models]] #1'],
    [['benchmarks', 2, 'max_samples'], '[[benchmarks]] #3 key "max_samples"'],
    [['backend', 'external', 'base_url'], '[backend.external] key "base_url"'],
  ] as [PropertyKey[], string][])('%j → %s', (path, place) => {
    expect(tomlPlace(path)).toBe(place)
  })
})

describe('shipped configs', () => {
  const tomlFiles = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? tomlFiles(join(dir, d.name)) : d.name.endsWith('.toml') ? [join(dir, d.name)] : []))
  const files = tomlFiles(join(REPO_ROOT, 'configs')).map((f) => relative(REPO_ROOT, f))

  test('there is at least the default suite', () => {
    expect(files).toContain('configs/default.toml')
  })
  test.each(files)('%s loads and validates', (f) => {
    const s = loadSuiteFile(join(REPO_ROOT, f))
    expect(s.models.length).toBeGreaterThan(0)
    expect(s.benchmarks.length).toBeGreaterThan(0)
  })
})
