import { parseArgs } from 'node:util'
import { isBackendReady, readyBackendKeys } from '../backends/index.ts'
import { didYouMean, JarvisError } from '../core/errors.ts'
import type { RunOverrides } from '../config/expand.ts'
import { negativeValuesJoined, queryTimeoutValue, temperatureValue } from './option-values.ts'

// `jarvis eval run` options: the spec's table plus the research-only ones. Flags the harness does not
// implement yet are accepted by name and refused with one clear line, never silently ignored.
const OPTIONS = {
  config: { type: 'string', short: 'c' },
  benchmark: { type: 'string', short: 'b' },
  model: { type: 'string', short: 'm' },
  'max-samples': { type: 'string', short: 'n' },
  backend: { type: 'string' },
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  agent: { type: 'string' },
  engine: { type: 'string', short: 'e' },
  tools: { type: 'string' },
  telemetry: { type: 'boolean' },
  'gpu-metrics': { type: 'boolean' },
  seed: { type: 'string' },
  temperature: { type: 'string' },
  'max-tokens': { type: 'string' },
  'model-filter': { type: 'string' },
  output: { type: 'string', short: 'o' },
  'output-dir': { type: 'string' },
  verbose: { type: 'boolean', short: 'v' },
  'max-workers': { type: 'string', short: 'w' },
  'judge-model': { type: 'string' },
  'judge-engine': { type: 'string' },
  split: { type: 'string' },
  compact: { type: 'boolean' },
  'trace-detail': { type: 'boolean' },
  agentic: { type: 'boolean' },
  'episode-mode': { type: 'boolean' },
  concurrency: { type: 'string' },
  'query-timeout': { type: 'string' },
  resume: { type: 'boolean' },
  'retry-errors': { type: 'boolean' },
  cache: { type: 'boolean' },
  'wandb-project': { type: 'string' },
  'wandb-entity': { type: 'string' },
  'wandb-tags': { type: 'string' },
  'wandb-group': { type: 'string' },
  'sheets-id': { type: 'string' },
  'sheets-worksheet': { type: 'string' },
  'sheets-creds': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const

const NEGATABLE = new Set(['telemetry', 'gpu-metrics', 'cache', 'resume'])
const NOT_YET: Record<string, string> = {
  agent: 'the jarvis-agent backend is not implemented yet',
  tools: 'the jarvis-agent backend is not implemented yet',
  agentic: 'the agentic runner is not implemented yet',
  'episode-mode': 'episode mode is not implemented yet',
  concurrency: 'the agentic runner is not implemented yet (use -w/--max-workers)',
}

export interface RunCliOptions {
  config?: string
  benchmarks: string[]
  model?: string
  apiKey?: string
  verbose: boolean
  compact: boolean
  retryErrors: boolean
  help: boolean
  trackers: Record<string, string>
  overrides: RunOverrides
}

export const RUN_USAGE = `usage: jarvis eval run (-c SUITE.toml | -b BENCHMARK -m MODEL) [options]
  -c, --config PATH        TOML suite (models × benchmarks); -b/-m not needed
  -b, --benchmark KEY      benchmark key(s), comma-separated (jarvis eval list)
  -m, --model ID           model id, .gguf path or hf: URI
  -n, --max-samples N      samples per benchmark (default all)
  -e, --engine KEY         llamacpp, ollama, vllm, sglang, llamacpp-server, cloud, openai-compatible, …
      --base-url URL       OpenAI-compatible endpoint (env JARVIS_BACKEND_BASE_URL)
      --api-key KEY        its API key (env JARVIS_BACKEND_API_KEY); never written anywhere
  -w, --max-workers N      requests in flight per model (default 4)
      --seed N             dataset shuffle seed (default 42)
      --temperature T      (default 0.0)      --max-tokens N   (default 2048)
      --split NAME         dataset split      --model-filter S  models whose name contains S
  -o, --output PATH        JSONL path for a single run (default {output_dir}/{benchmark}_{model-slug}.jsonl)
      --output-dir DIR     (default results/)
      --judge-model ID     --judge-engine KEY   the LLM judge (default gpt-5-mini-2025-08-07 on cloud)
      --query-timeout S    per-sample inference timeout, seconds (cancels the request)
      --resume             skip samples already complete in the output; --retry-errors re-runs errored ones
      --cache              on-disk response cache
      --telemetry / --no-telemetry, --gpu-metrics / --no-gpu-metrics
      --compact            one dense table        -v, --verbose   debug lines
      --wandb-project/-entity/-tags/-group, --sheets-id/-worksheet/-creds   trackers`

function num(name: string, v: string | undefined, kind: 'int' | 'posint' | 'float'): number | undefined {
  if (v === undefined) return undefined
  const n = Number(v)
  const ok = Number.isFinite(n) && (kind === 'float' || (Number.isInteger(n) && (kind === 'int' || n > 0)))
  if (!ok) throw new JarvisError('JARVIS_BAD_OPTION', `--${name} ${JSON.stringify(v)}: expected ${kind === 'float' ? 'a number' : kind === 'posint' ? 'a positive integer' : 'an integer'}.`)
  return n
}

export function parseRunArgs(argv: string[]): RunCliOptions {
  const negated: Record<string, boolean> = {}
  const numeric = new Set(['--temperature', '--query-timeout', '--seed', '--max-tokens', '--max-samples', '--max-workers'])
  const args = negativeValuesJoined(argv, numeric).filter((a) => {
    const m = /^--no-(.+)$/.exec(a)
    if (m && NEGATABLE.has(m[1])) {
      negated[m[1]] = false
      return false
    }
    return true
  })
  let values: Record<string, string | boolean | undefined>
  let positionals: string[]
  try {
    ;({ values, positionals } = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true }) as { values: Record<string, string | boolean | undefined>; positionals: string[] })
  } catch (e) {
    const msg = (e as Error).message
    const flag = /'(-{1,2}[^']+)'/.exec(msg)?.[1] ?? ''
    const hint = flag.startsWith('--') ? didYouMean(flag.slice(2), Object.keys(OPTIONS)).replace(/"([^"]+)"/g, '"--$1"') : ''
    const what = /^Unknown option/.test(msg) ? `unknown option ${flag}.` : `${msg.split('\n')[0].replace(/\.?$/, '.')}`
    throw new JarvisError('JARVIS_BAD_OPTION', `jarvis eval run: ${what}${hint} Run jarvis eval run --help.`)
  }
  if (positionals.length) throw new JarvisError('JARVIS_BAD_OPTION', `jarvis eval run: unexpected argument "${positionals[0]}". Run jarvis eval run --help.`)
  Object.assign(values, negated)
  for (const [flag, why] of Object.entries(NOT_YET)) if (values[flag] !== undefined) throw new JarvisError('JARVIS_UNSUPPORTED', `--${flag}: ${why}.`)
  if (values.backend !== undefined && !isBackendReady(String(values.backend)))
    throw new JarvisError('JARVIS_UNSUPPORTED', `--backend ${values.backend}: only ${readyBackendKeys().join(', ')} ${readyBackendKeys().length === 1 ? 'is' : 'are'} implemented yet.`)
  const s = (k: string) => values[k] as string | undefined
  const b = (k: string) => values[k] as boolean | undefined
  const trackers = Object.fromEntries(['wandb-project', 'wandb-entity', 'wandb-tags', 'wandb-group', 'sheets-id', 'sheets-worksheet', 'sheets-creds'].filter((k) => s(k) !== undefined).map((k) => [k, s(k)!]))
  return {
    config: s('config'),
    benchmarks: (s('benchmark') ?? '').split(',').map((x) => x.trim()).filter(Boolean),
    model: s('model'),
    apiKey: s('api-key'),
    verbose: b('verbose') ?? false,
    compact: b('compact') ?? false,
    retryErrors: b('retry-errors') ?? false,
    help: b('help') ?? false,
    trackers,
    overrides: {
      engine: s('engine'),
      baseUrl: s('base-url'),
      seed: num('seed', s('seed'), 'int'),
      temperature: temperatureValue(s('temperature')),
      maxTokens: num('max-tokens', s('max-tokens'), 'posint'),
      maxSamples: num('max-samples', s('max-samples'), 'posint'),
      maxWorkers: num('max-workers', s('max-workers'), 'posint'),
      output: s('output'),
      outputDir: s('output-dir'),
      split: s('split'),
      judgeModel: s('judge-model'),
      judgeEngine: s('judge-engine'),
      telemetry: b('telemetry'),
      gpuMetrics: b('gpu-metrics'),
      modelFilter: s('model-filter'),
      queryTimeout: queryTimeoutValue(s('query-timeout')),
      resume: b('resume') || b('retry-errors') ? true : undefined,
      cache: b('cache'),
    },
  }
}
