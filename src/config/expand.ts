import { existsSync } from 'node:fs'
import { dirname, isAbsolute, resolve } from 'node:path'
import { JarvisError } from '../core/errors.ts'
import type { PriceOverrides } from '../engines/pricing.ts'
import { resolveEngineKey, resolveModelEngine } from '../engines/resolve-engine.ts'
import { EXTERNAL_BACKENDS, externalBaseUrl } from './external.ts'
import type { ResolvedRun } from './resolved-run.ts'
import type { Suite } from './schema.ts'
import { modelSlug } from './slug.ts'
import { agentSettings } from './validate-agent.ts'

/** Flags given on the command line; only those set override the suite (they rank above everything). */
export interface RunOverrides {
  /** --backend: how every benchmark of the run is answered. */
  backend?: string
  agent?: string
  /** --tools: registry names and `mcp:<command>` entries, as given. */
  tools?: string[]
  maxTurns?: number
  tokenBudget?: number
  episodeMode?: boolean
  concurrency?: number
  /** --agentic: agent-level inference (jarvis-agent where the suite says jarvis-direct), one sample at a time unless --concurrency. */
  agentic?: boolean
  engine?: string
  baseUrl?: string
  seed?: number
  temperature?: number
  maxTokens?: number
  maxSamples?: number
  maxWorkers?: number
  output?: string
  outputDir?: string
  split?: string
  judgeModel?: string
  judgeEngine?: string
  telemetry?: boolean
  gpuMetrics?: boolean
  modelFilter?: string
  queryTimeout?: number
  resume?: boolean
  cache?: boolean
  /** --record-ids: these samples only, for every benchmark of the run. */
  recordIds?: string[]
}

export interface ExpandOptions {
  source: string
  env?: NodeJS.ProcessEnv
  cwd?: string
  /** Where relative dataset paths in the suite are resolved (the TOML file's folder). */
  configDir?: string
}

/** A relative .gguf path means the working directory's file, else the TOML folder's (so both `npm run demo` and
 *  `cd configs && jarvis eval run -c demo.toml` find it). */
function localModelFile(name: string, cwd: string, configDir?: string): string {
  if (isAbsolute(name)) return name
  const fromCwd = resolve(cwd, name)
  if (existsSync(fromCwd) || !configDir) return fromCwd
  const fromConfig = resolve(configDir, name)
  return existsSync(fromConfig) ? fromConfig : fromCwd
}

/** `dir/name`, refusing a name that would land anywhere else (validateSuite already refuses such names). */
function insideDir(dir: string, name: string): string {
  const path = resolve(dir, name)
  if (dirname(path) !== dir) throw new JarvisError('JARVIS_BAD_CONFIG', `the output file name "${name}" would leave ${dir}; rename the benchmark or model.`)
  return path
}
const priceOverrides = (suite: Suite): PriceOverrides =>
  Object.fromEntries(Object.entries(suite.pricing).map(([model, p]) => [model, { input: p.input_per_million, output: p.output_per_million, readOn: p.read_on ?? null }]))

/** [user_simulator] with the benchmark's [benchmarks.user_simulator] over it, resolved like the judge. */
function userSimulatorOf(suite: Suite, b: Suite['benchmarks'][number], prices: PriceOverrides, source: string): ResolvedRun['judge'] {
  const u = { ...suite.user_simulator, ...Object.fromEntries(Object.entries(b.user_simulator ?? {}).filter(([, v]) => v !== undefined)) }
  return {
    model: u.model,
    engine: resolveEngineKey({ model: u.model, engine: u.engine ?? (u.base_url ? 'openai-compatible' : 'cloud'), baseUrl: u.base_url }, `${source} [user_simulator]`),
    baseUrl: u.base_url ?? null,
    temperature: u.temperature,
    maxTokens: u.max_tokens,
    maxWorkers: u.max_workers,
    prices,
  }
}

/** Models × benchmarks (models outer, as OpenJarvis), every setting merged by the spec's precedence. */
export function expandSuite(suite: Suite, o: RunOverrides = {}, opts: ExpandOptions): ResolvedRun[] {
  const env = opts.env ?? process.env
  const cwd = opts.cwd ?? process.cwd()
  let models = suite.models
  if (o.modelFilter) {
    models = models.filter((m) => m.name.includes(o.modelFilter!))
    if (models.length === 0)
      throw new JarvisError('JARVIS_BAD_OPTION', `--model-filter "${o.modelFilter}" matches no model in ${opts.source} (models: ${suite.models.map((m) => m.name).join(', ')}).`)
  }
  if (o.output && models.length * suite.benchmarks.length > 1)
    throw new JarvisError('JARVIS_BAD_OPTION', `-o/--output names one file, but ${opts.source === 'command line' ? 'this run has' : `${opts.source} expands to`} ${models.length * suite.benchmarks.length} (model, benchmark) runs; use --output-dir${opts.source === 'command line' ? '' : ' or [run] output_dir'} instead.`)
  const outputDir = resolve(cwd, o.outputDir ?? suite.run.output_dir)
  const runs: ResolvedRun[] = []
  for (const m of models) {
    const where = o.engine ? '-e/--engine' : `${opts.source} [[models]] #${suite.models.indexOf(m) + 1}`
    const { engine, baseUrl } = resolveModelEngine({ model: m.name, engine: o.engine ?? m.engine, provider: m.provider, baseUrl: o.baseUrl ?? m.base_url }, where, env)
    const slug = modelSlug(m.name)
    const modelFile = engine === 'llamacpp' && /\.gguf$/i.test(m.name) ? localModelFile(m.name, cwd, opts.configDir) : null
    for (const b of suite.benchmarks) {
      const judgeModel = o.judgeModel ?? b.judge_model ?? suite.judge.model
      const judgeEngine = o.judgeEngine ?? suite.judge.engine ?? (suite.judge.base_url ? 'openai-compatible' : 'cloud')
      const prices = priceOverrides(suite)
      const agentic = agentSettings(b, o, { source: opts.source, index: suite.benchmarks.indexOf(b) })
      // hermes / openclaw reach the model themselves at their endpoint (an OpenAI-compatible server): its URL is
      // the run's baseUrl; the engine key only says whether answers are priced ("cloud") or not.
      const explicitEngine = o.engine ?? m.engine
      const external = EXTERNAL_BACKENDS.has(agentic.backend)
        ? { engine: explicitEngine ? resolveEngineKey({ model: m.name, engine: explicitEngine }, where) : 'openai-compatible', baseUrl: externalBaseUrl(suite, o.baseUrl, m.base_url, env) }
        : null
      runs.push({
        suiteName: suite.meta.name,
        benchmark: b.name,
        model: m.name,
        modelSlug: slug,
        modelFile: external ? null : modelFile,
        engine: external?.engine ?? engine,
        ...agentic,
        maxTurns: o.maxTurns ?? suite.run.max_turns ?? null,
        tokenBudget: o.tokenBudget ?? suite.run.token_budget ?? null,
        concurrency: o.concurrency ?? suite.run.concurrency ?? (o.agentic ? 1 : null),
        baseUrl: external ? external.baseUrl : baseUrl,
        temperature: o.temperature ?? b.temperature ?? m.temperature ?? suite.defaults.temperature,
        maxTokens: o.maxTokens ?? b.max_tokens ?? m.max_tokens ?? suite.defaults.max_tokens,
        maxSamples: o.maxSamples ?? b.max_samples ?? null,
        split: o.split ?? b.split ?? null,
        subset: b.subset ?? null,
        recordIds: o.recordIds ?? b.record_ids ?? null,
        seed: o.seed ?? suite.run.seed,
        maxWorkers: o.maxWorkers ?? suite.run.max_workers,
        outputPath: o.output ? resolve(cwd, o.output) : insideDir(outputDir, `${b.name}_${slug}.jsonl`),
        judge: {
          model: judgeModel,
          engine: resolveEngineKey({ model: judgeModel, engine: judgeEngine, baseUrl: suite.judge.base_url }, `${opts.source} [judge]`),
          baseUrl: suite.judge.base_url ?? null,
          temperature: suite.judge.temperature,
          maxTokens: suite.judge.max_tokens,
          maxWorkers: suite.judge.max_workers,
          prices,
        },
        userSimulator: userSimulatorOf(suite, b, prices, opts.source),
        options: Object.fromEntries(Object.entries(b.options ?? {}).map(([k, v]) => [k, String(v)])),
        prices,
        telemetry: o.telemetry ?? suite.run.telemetry,
        gpuMetrics: o.gpuMetrics ?? suite.run.gpu_metrics,
        warmupSamples: suite.run.warmup_samples,
        energyVendor: suite.run.energy_vendor,
        hardware: {
          paramCountB: m.param_count_b,
          activeParamsB: m.active_params_b ?? null,
          gpuPeakTflops: m.gpu_peak_tflops,
          gpuPeakBandwidthGbS: m.gpu_peak_bandwidth_gb_s,
          numGpus: m.num_gpus,
        },
        queryTimeoutS: o.queryTimeout ?? suite.run.query_timeout ?? null,
        maxRetries: suite.run.max_retries,
        threads: m.threads ?? null,
        contextSize: m.context_size ?? null,
        resume: o.resume ?? suite.run.resume,
        cache: o.cache ?? suite.run.cache,
        dataset: b.dataset ? { ...b.dataset, path: resolve(opts.configDir ?? cwd, b.dataset.path) } : null,
        scorer: b.scorer ?? null,
        category: b.category ?? null,
        chunk: null,
        skipIdsFile: null,
        planFile: null,
        parts: Number(env.JARVIS_PARTS) || suite.run.parts,
      })
    }
  }
  return runs
}
