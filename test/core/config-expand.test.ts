import { isAbsolute, join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { expandSuite, type RunOverrides } from '../../src/config/expand.ts'
import { SuiteSchema, type SuiteInput } from '../../src/config/schema.ts'
import { exportExternalApiKey, externalApiKey } from '../../src/config/external.ts'
import { modelSlug } from '../../src/config/slug.ts'
import { resolveEngineKey } from '../../src/engines/resolve-engine.ts'
import { JarvisError } from '../../src/core/errors.ts'

// The spec's full-suite.toml (TOML config system section), parsed by the schema only: wildchat, gaia and frames
// are not implemented yet, and the merge does not depend on the registry.
const FULL_SUITE: SuiteInput = {
  meta: { name: 'full-suite-v1', description: 'Evaluate all benchmarks against production models' },
  defaults: { temperature: 0.0, max_tokens: 2048 },
  judge: { model: 'gpt-4o', temperature: 0.0, max_tokens: 1024 },
  run: { max_workers: 4, output_dir: 'results/', seed: 42 },
  models: [
    { name: 'qwen3:8b', engine: 'ollama', temperature: 0.3, max_tokens: 4096 },
    { name: 'gpt-4o', provider: 'openai' },
    { name: 'llama3:70b', engine: 'vllm', temperature: 0.1 },
  ],
  benchmarks: [
    { name: 'supergpqa', backend: 'jarvis-direct', max_samples: 200, split: 'train' },
    { name: 'gaia', backend: 'jarvis-agent', agent: 'orchestrator', tools: ['file_read', 'calculator'], max_samples: 50, judge_model: 'claude-sonnet-4-20250514' },
    { name: 'frames', backend: 'jarvis-direct', max_samples: 100 },
    { name: 'wildchat', backend: 'jarvis-direct', max_samples: 150, temperature: 0.7 },
  ],
}

const CWD = '/work/somewhere'
const expand = (input: SuiteInput, o: RunOverrides = {}, env: NodeJS.ProcessEnv = {}) =>
  expandSuite(SuiteSchema.parse(input), o, { source: 'suite.toml', env, cwd: CWD })
const cell = (runs: ReturnType<typeof expand>, model: string, bench: string) => {
  const r = runs.find((x) => x.model === model && x.benchmark === bench)
  if (!r) throw new Error(`no run ${model} × ${bench}`)
  return r
}

describe('expandSuite: the models × benchmarks matrix', () => {
  const runs = expand(FULL_SUITE)

  test('3 models × 4 benchmarks = 12 runs, models in the outer loop', () => {
    expect(runs).toHaveLength(12)
    expect(runs.map((r) => `${r.model}|${r.benchmark}`).slice(0, 5)).toEqual([
      'qwen3:8b|supergpqa',
      'qwen3:8b|gaia',
      'qwen3:8b|frames',
      'qwen3:8b|wildchat',
      'gpt-4o|supergpqa',
    ])
  })

  test("the spec's example: qwen3:8b at 0.3, WildChat at 0.7 → 0.7", () => {
    expect(cell(runs, 'qwen3:8b', 'wildchat').temperature).toBe(0.7)
    expect(cell(runs, 'qwen3:8b', 'supergpqa').temperature).toBe(0.3)
  })

  test('temperature: benchmark > model > [defaults]', () => {
    expect(cell(runs, 'gpt-4o', 'supergpqa').temperature).toBe(0.0) // [defaults]
    expect(cell(runs, 'llama3:70b', 'frames').temperature).toBe(0.1) // model
    expect(cell(runs, 'llama3:70b', 'wildchat').temperature).toBe(0.7) // benchmark
  })

  test('max_tokens: benchmark > model > [defaults] > built-in 2048', () => {
    expect(cell(runs, 'qwen3:8b', 'frames').maxTokens).toBe(4096)
    expect(cell(runs, 'gpt-4o', 'frames').maxTokens).toBe(2048)
    const r = expand({
      defaults: { max_tokens: 1000 },
      models: [{ name: 'a:1', max_tokens: 500 }, { name: 'b:1' }],
      benchmarks: [{ name: 'x', max_tokens: 300 }, { name: 'y' }],
    })
    expect(r.map((x) => x.maxTokens)).toEqual([300, 500, 300, 1000])
    expect(expand({ models: [{ name: 'a:1' }], benchmarks: [{ name: 'x' }] })[0]).toMatchObject({ maxTokens: 2048, temperature: 0 })
  })

  test('CLI overrides beat every level of the suite', () => {
    const o = expand(FULL_SUITE, { temperature: 1.2, maxTokens: 77, seed: 7, maxSamples: 3, maxWorkers: 9, split: 'test', judgeModel: 'gpt-4o-mini' })
    for (const r of o) expect(r).toMatchObject({ temperature: 1.2, maxTokens: 77, seed: 7, maxSamples: 3, maxWorkers: 9, split: 'test' })
    expect(o.every((r) => r.judge.model === 'gpt-4o-mini')).toBe(true)
    // a CLI temperature of 0 is a value, not "unset"
    expect(expand(FULL_SUITE, { temperature: 0 }).every((r) => r.temperature === 0)).toBe(true)
  })

  test('per-benchmark fields and [run] fields are carried', () => {
    expect(cell(runs, 'qwen3:8b', 'supergpqa')).toMatchObject({ maxSamples: 200, split: 'train', seed: 42, maxWorkers: 4, backend: 'jarvis-direct', suiteName: 'full-suite-v1' })
    expect(cell(runs, 'qwen3:8b', 'frames')).toMatchObject({ maxSamples: 100, split: null, subset: null, recordIds: null, chunk: null })
    expect(cell(runs, 'gpt-4o', 'gaia').backend).toBe('jarvis-agent')
  })

  test('judge model: benchmark judge_model > [judge].model; engine defaults to cloud', () => {
    expect(cell(runs, 'qwen3:8b', 'gaia').judge.model).toBe('claude-sonnet-4-20250514')
    expect(cell(runs, 'qwen3:8b', 'frames').judge).toEqual({ model: 'gpt-4o', engine: 'cloud', baseUrl: null, temperature: 0, maxTokens: 1024, maxWorkers: 4, prices: {} })
    // a CLI --judge-model still wins over the per-benchmark override
    expect(cell(expand(FULL_SUITE, { judgeModel: 'j' }), 'qwen3:8b', 'gaia').judge.model).toBe('j')
  })

  test('[pricing] overrides reach every run and its judge, as USD per 1M tokens with the day read', () => {
    const runs = expand({ models: [{ name: 'gpt-5-mini' }], benchmarks: [{ name: 'x' }], pricing: { 'gpt-5-mini': { input_per_million: 0.3, output_per_million: 2.4, read_on: '2026-12-01' } } })
    const want = { 'gpt-5-mini': { input: 0.3, output: 2.4, readOn: '2026-12-01' } }
    expect(runs[0].prices).toEqual(want)
    expect(runs[0].judge.prices).toEqual(want)
  })

  test('judge engine: --judge-engine > [judge].engine > openai-compatible when [judge].base_url is set', () => {
    const base = { models: [{ name: 'a:1' }], benchmarks: [{ name: 'x' }] }
    expect(expand({ ...base, judge: { engine: 'vllm' } })[0].judge.engine).toBe('vllm')
    expect(expand({ ...base, judge: { base_url: 'http://127.0.0.1:9/v1' } })[0].judge).toMatchObject({ engine: 'openai-compatible', baseUrl: 'http://127.0.0.1:9/v1' })
    expect(expand({ ...base, judge: { engine: 'vllm' } }, { judgeEngine: 'sglang' })[0].judge.engine).toBe('sglang')
    expect(() => expand({ ...base, judge: { engine: 'vlm' } })).toThrowErrorMatchingInlineSnapshot(`[JarvisError: suite.toml [judge]: unknown engine "vlm". Did you mean "vllm" or "mlx"? Engines: openai-compatible, cloud, ollama, llamacpp, vllm, sglang, llamacpp-server, mlx, lmstudio, exo, nexa, lemonade.]`)
  })

  test('engines: explicit engine, provider → cloud', () => {
    expect(cell(runs, 'qwen3:8b', 'gaia').engine).toBe('ollama')
    expect(cell(runs, 'gpt-4o', 'gaia').engine).toBe('cloud')
    expect(cell(runs, 'llama3:70b', 'gaia').engine).toBe('vllm')
    expect(expand(FULL_SUITE, { engine: 'sglang' }).every((r) => r.engine === 'sglang')).toBe(true)
  })

  test('hardware fields come from the model block with the spec defaults', () => {
    expect(cell(runs, 'qwen3:8b', 'gaia').hardware).toEqual({ paramCountB: 0, activeParamsB: null, gpuPeakTflops: 0, gpuPeakBandwidthGbS: 0, numGpus: 1 })
    const r = expand({ models: [{ name: 'm:1', param_count_b: 30, active_params_b: 3, gpu_peak_tflops: 312, gpu_peak_bandwidth_gb_s: 2039, num_gpus: 2 }], benchmarks: [{ name: 'x' }] })
    expect(r[0].hardware).toEqual({ paramCountB: 30, activeParamsB: 3, gpuPeakTflops: 312, gpuPeakBandwidthGbS: 2039, numGpus: 2 })
  })

  test('no API key or other secret travels in a resolved run', () => {
    const r = expand({ ...FULL_SUITE, backend: { external: { api_key: 'sk-very-secret-key-123' } } }, {}, { JARVIS_BACKEND_API_KEY: 'sk-other-secret-456' })
    expect(JSON.stringify(r)).not.toMatch(/secret/)
  })
})

describe('output paths', () => {
  test('{output_dir}/{benchmark}_{model-slug}.jsonl, absolute, resolved against the cwd', () => {
    const runs = expand(FULL_SUITE)
    for (const r of runs) {
      expect(isAbsolute(r.outputPath)).toBe(true)
      expect(r.outputPath).toBe(join(CWD, 'results', `${r.benchmark}_${r.modelSlug}.jsonl`))
    }
    expect(cell(runs, 'qwen3:8b', 'supergpqa').outputPath).toBe('/work/somewhere/results/supergpqa_qwen3-8b.jsonl')
  })

  test('--output-dir replaces [run].output_dir; an absolute output_dir stays', () => {
    expect(expand(FULL_SUITE, { outputDir: 'out/x' })[0].outputPath).toBe('/work/somewhere/out/x/supergpqa_qwen3-8b.jsonl')
    expect(expand({ ...FULL_SUITE, run: { output_dir: '/data/r/' } })[0].outputPath).toBe('/data/r/supergpqa_qwen3-8b.jsonl')
  })

  test('-o names the file of a single run', () => {
    const one = expand({ models: [{ name: 'qwen3:8b' }], benchmarks: [{ name: 'supergpqa' }] }, { output: 'my.jsonl' })
    expect(one).toHaveLength(1)
    expect(one[0].outputPath).toBe('/work/somewhere/my.jsonl')
  })

  test('-o with several runs is refused', () => {
    expect(() => expand(FULL_SUITE, { output: 'my.jsonl' })).toThrowErrorMatchingInlineSnapshot(`[JarvisError: -o/--output names one file, but suite.toml expands to 12 (model, benchmark) runs; use --output-dir or [run] output_dir instead.]`)
    // … but fine once --model-filter and a one-benchmark suite leave one run
    const suite = { ...FULL_SUITE, benchmarks: [{ name: 'frames' }] }
    expect(expand(suite, { output: 'f.jsonl', modelFilter: 'llama' })).toHaveLength(1)
  })
})

describe('--model-filter', () => {
  test('keeps the models whose name contains the substring', () => {
    expect(new Set(expand(FULL_SUITE, { modelFilter: 'qwen' }).map((r) => r.model))).toEqual(new Set(['qwen3:8b']))
    expect(new Set(expand(FULL_SUITE, { modelFilter: ':' }).map((r) => r.model))).toEqual(new Set(['qwen3:8b', 'llama3:70b']))
  })
  test('matching nothing is an error that lists the models', () => {
    const e = (() => {
      try {
        expand(FULL_SUITE, { modelFilter: 'mistral' })
      } catch (err) {
        return err as JarvisError
      }
    })()
    expect(e).toBeInstanceOf(JarvisError)
    expect(e!.code).toBe('JARVIS_BAD_OPTION')
    expect(e!.message).toMatchInlineSnapshot(`"--model-filter "mistral" matches no model in suite.toml (models: qwen3:8b, gpt-4o, llama3:70b)."`)
  })
  test('keeps the [[models]] number of the original suite in messages', () => {
    expect(() => expand({ models: [{ name: 'a:1' }, { name: 'b:1', engine: 'olama' }], benchmarks: [{ name: 'x' }] }, { modelFilter: 'b' })).toThrow(/\[\[models\]\] #2/)
  })
})

describe('base URL and JARVIS_BACKEND_BASE_URL', () => {
  const one = { models: [{ name: 'Qwen/Qwen3-8B' }], benchmarks: [{ name: 'x' }] }
  const ENV = { JARVIS_BACKEND_BASE_URL: 'http://gpu-node:8000/v1' }

  test('the env var is the fallback endpoint: the model goes to openai-compatible there', () => {
    expect(expand(one, {}, ENV)[0]).toMatchObject({ baseUrl: 'http://gpu-node:8000/v1', engine: 'openai-compatible' })
  })
  test('without it, org/name resolves to vllm with no pinned URL', () => {
    expect(expand(one)[0]).toMatchObject({ baseUrl: null, engine: 'vllm' })
  })
  test('--base-url > [[models]] base_url > env', () => {
    const withModelUrl = { ...one, models: [{ name: 'Qwen/Qwen3-8B', base_url: 'http://model-host/v1' }] }
    expect(expand(withModelUrl, {}, ENV)[0].baseUrl).toBe('http://model-host/v1')
    expect(expand(withModelUrl, { baseUrl: 'http://flag/v1' }, ENV)[0].baseUrl).toBe('http://flag/v1')
  })
  test('an explicit engine does not pick up the env endpoint (its own host rules apply)', () => {
    expect(expand({ models: [{ name: 'qwen3:8b', engine: 'ollama' }], benchmarks: [{ name: 'x' }] }, {}, ENV)[0]).toMatchObject({ engine: 'ollama', baseUrl: null })
  })
})

describe('the endpoint of the external agents (hermes, openclaw)', () => {
  const suite = (o: { backend?: string; modelUrl?: string; external?: Record<string, string>; engine?: string; name?: string } = {}): SuiteInput => ({
    backend: { external: o.external ?? {} },
    models: [{ name: o.name ?? 'gpt-4o', ...(o.modelUrl ? { base_url: o.modelUrl } : {}), ...(o.engine ? { engine: o.engine } : {}) }],
    benchmarks: [{ name: 'x', backend: (o.backend ?? 'openclaw') as 'openclaw' }, { name: 'y' }],
  })
  const EXT = { base_url: 'http://toml-host/v1', api_key: 'sk-from-the-toml' }

  test('--base-url > [[models]] base_url > JARVIS_BACKEND_BASE_URL > [backend.external] (environment over TOML)', () => {
    const env = { JARVIS_BACKEND_BASE_URL: 'http://env-host/v1' }
    expect(expand(suite({ external: EXT }))[0]).toMatchObject({ backend: 'openclaw', baseUrl: 'http://toml-host/v1', engine: 'openai-compatible' })
    expect(expand(suite({ external: EXT }), {}, env)[0].baseUrl).toBe('http://env-host/v1')
    expect(expand(suite({ external: EXT, modelUrl: 'http://model-host/v1' }), {}, env)[0].baseUrl).toBe('http://model-host/v1')
    expect(expand(suite({ external: EXT, modelUrl: 'http://model-host/v1' }), { baseUrl: 'http://flag/v1' }, env)[0].baseUrl).toBe('http://flag/v1')
    expect(expand(suite())[0].baseUrl).toBeNull()
  })

  test('[backend.external] is for the external backends only: a jarvis-direct benchmark of the suite keeps its engine', () => {
    const runs = expand(suite({ external: EXT }))
    expect(cell(runs, 'gpt-4o', 'y')).toMatchObject({ backend: 'jarvis-direct', engine: 'cloud', baseUrl: null })
    expect(JSON.stringify(runs)).not.toContain('sk-from-the-toml')
  })

  test('the engine key says whether calls are priced: openai-compatible unless an engine is given (cloud: priced)', () => {
    expect(expand(suite({ external: EXT, engine: 'cloud' }))[0]).toMatchObject({ engine: 'cloud', baseUrl: 'http://toml-host/v1' })
    expect(expand(suite({ external: EXT, name: 'models/x.gguf' }))[0]).toMatchObject({ engine: 'openai-compatible', modelFile: null })
  })

  test('--backend answers every benchmark of the run with that backend', () => {
    const runs = expand(suite({ backend: 'jarvis-direct', external: EXT }), { backend: 'hermes' })
    expect(runs.map((r) => [r.benchmark, r.backend, r.baseUrl])).toEqual([['x', 'hermes', 'http://toml-host/v1'], ['y', 'hermes', 'http://toml-host/v1']])
  })

  test('our tools are refused for them (they bring their own); --agentic accepts them', () => {
    expect(() => expand({ models: [{ name: 'm' }], benchmarks: [{ name: 'x', backend: 'openclaw', tools: ['calculator'] }] })).toThrow(
      'suite.toml [[benchmarks]] #1 tools: backend "openclaw" offers its own tools, not jarvis-evals\' (see docs/external-agents.md); drop them, or use --backend jarvis-agent.',
    )
    expect(expand(suite({ external: EXT }), { backend: 'hermes', agentic: true })[0]).toMatchObject({ backend: 'hermes', concurrency: 1 })
  })

  test('the TOML api_key goes to the workers in JARVIS_EXTERNAL_API_KEY; JARVIS_BACKEND_API_KEY (--api-key) wins', () => {
    const env: NodeJS.ProcessEnv = {}
    exportExternalApiKey(SuiteSchema.parse(suite({ external: EXT })), env)
    expect(env).toEqual({ JARVIS_EXTERNAL_API_KEY: 'sk-from-the-toml' })
    expect(externalApiKey(env)).toBe('sk-from-the-toml')
    expect(externalApiKey({ ...env, JARVIS_BACKEND_API_KEY: 'sk-flag' })).toBe('sk-flag')
    expect(externalApiKey({})).toBeNull()
  })
})

describe('OPENAI_BASE_URL with no engine given', () => {
  const OPENAI = { OPENAI_BASE_URL: 'http://proxy:4000/v1' }
  const run = (name: string, env: NodeJS.ProcessEnv, extra: Record<string, string> = {}, o: RunOverrides = {}) => expand({ models: [{ name, ...extra }], benchmarks: [{ name: 'x' }] }, o, env)[0]

  test.each(['qwen3:8b', 'llama3.2', 'Qwen/Qwen3-8B'])('%s goes to openai-compatible at OPENAI_BASE_URL, not Ollama/vLLM', (name) => {
    expect(run(name, OPENAI)).toMatchObject({ engine: 'openai-compatible', baseUrl: 'http://proxy:4000/v1' })
  })
  test('cloud models keep their provider (OpenAI ones reach OPENAI_BASE_URL through the cloud engine); local files stay local', () => {
    expect(run('gpt-4o', OPENAI)).toMatchObject({ engine: 'cloud', baseUrl: null })
    expect(run('claude-sonnet-4-20250514', OPENAI)).toMatchObject({ engine: 'cloud', baseUrl: null })
    expect(run('models/tiny.gguf', OPENAI)).toMatchObject({ engine: 'llamacpp', baseUrl: null })
  })
  test('precedence: --base-url > [[models]] base_url > -e/engine > JARVIS_BACKEND_BASE_URL > OPENAI_BASE_URL', () => {
    const both = { ...OPENAI, JARVIS_BACKEND_BASE_URL: 'http://jarvis-env/v1' }
    expect(run('qwen3:8b', both)).toMatchObject({ engine: 'openai-compatible', baseUrl: 'http://jarvis-env/v1' })
    expect(run('qwen3:8b', both, { base_url: 'http://model-host/v1' })).toMatchObject({ baseUrl: 'http://model-host/v1' })
    expect(run('qwen3:8b', both, {}, { baseUrl: 'http://flag/v1' })).toMatchObject({ baseUrl: 'http://flag/v1' })
    expect(run('qwen3:8b', OPENAI, { engine: 'ollama' })).toMatchObject({ engine: 'ollama', baseUrl: null })
    expect(run('qwen3:8b', OPENAI, {}, { engine: 'vllm' })).toMatchObject({ engine: 'vllm', baseUrl: null })
  })
})

describe('modelSlug', () => {
  test.each([
    ['qwen3:8b', 'qwen3-8b'],
    ['Qwen/Qwen3-8B', 'Qwen-Qwen3-8B'],
    ['models/x.gguf', 'x'],
    ['/abs/path/Tiny-Model.Q4_K_M.GGUF', 'Tiny-Model.Q4_K_M'],
    ['gpt-5-mini', 'gpt-5-mini'],
    ['hf:org/repo:Q4_K_M', 'org-repo-Q4_K_M'],
    ['openrouter/meta-llama/llama-3:free', 'openrouter-meta-llama-llama-3-free'],
  ])('%s → %s', (model, slug) => {
    expect(modelSlug(model)).toBe(slug)
  })
})

describe('resolveEngineKey', () => {
  const key = (model: string, extra: { engine?: string; provider?: string; baseUrl?: string | null } = {}) => resolveEngineKey({ model, ...extra }, 'suite.toml [[models]] #1')

  test.each([
    ['qwen3:8b', {}, 'ollama'],
    ['llama3.2', {}, 'ollama'],
    ['Qwen/Qwen3-8B', {}, 'vllm'],
    ['models/tiny.gguf', {}, 'llamacpp'],
    ['hf:org/repo:Q4_K_M', {}, 'llamacpp'],
    ['gpt-5-mini', {}, 'cloud'],
    ['GPT-4o', {}, 'cloud'],
    ['claude-sonnet-4-20250514', {}, 'cloud'],
    ['gemini-2.5-pro', {}, 'cloud'],
    ['o3-mini', {}, 'cloud'],
    ['my-model', { provider: 'openai' }, 'cloud'],
    ['qwen3:8b', { baseUrl: 'http://127.0.0.1:8000/v1' }, 'openai-compatible'],
    ['gpt-4o', { baseUrl: 'http://127.0.0.1:8000/v1' }, 'openai-compatible'],
    ['qwen3:8b', { engine: 'vllm' }, 'vllm'],
    ['Qwen/Qwen3-8B', { engine: 'auto' }, 'vllm'],
    ['x.gguf', { engine: 'ollama', baseUrl: 'http://h' }, 'ollama'],
  ] as [string, Record<string, string>, string][])('%s %j → %s', (model, extra, engine) => {
    expect(key(model, extra)).toBe(engine)
  })

  test('an unknown engine is an error with a did-you-mean and the list', () => {
    expect(() => key('qwen3:8b', { engine: 'olama' })).toThrowErrorMatchingInlineSnapshot(`[JarvisError: suite.toml [[models]] #1: unknown engine "olama". Did you mean "ollama"? Engines: openai-compatible, cloud, ollama, llamacpp, vllm, sglang, llamacpp-server, mlx, lmstudio, exo, nexa, lemonade.]`)
    try {
      key('qwen3:8b', { engine: 'vlm' })
    } catch (e) {
      expect((e as JarvisError).code).toBe('JARVIS_UNKNOWN_ENGINE')
    }
  })

  // Popular local Ollama models whose names start with a cloud prefix stay on Ollama (the spec's local config
  // runs GPT-OSS there): the `name:tag` form is tested before the cloud prefixes.
  test.each(['deepseek-r1:8b', 'gpt-oss:20b'])('the Ollama model %s resolves to ollama, not cloud', (model) => {
    expect(key(model)).toBe('ollama')
  })
})
