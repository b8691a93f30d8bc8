import { isBackendReady, readyBackendKeys } from '../backends/index.ts'
import { JarvisError } from '../core/errors.ts'
import type { RunOverrides } from '../config/expand.ts'
import { agentOverrides } from './agent-options.ts'
import { EVAL_SPECS } from './command-specs.ts'
import { parseCommandLine, type CommandSpec } from './parse-command.ts'
import { queryTimeoutValue, temperatureValue } from './option-values.ts'

export interface RunCliOptions {
  config?: string
  benchmarks: string[]
  model?: string
  apiKey?: string
  verbose: boolean
  compact: boolean
  retryErrors: boolean
  traceDetail: boolean
  /** --pull: fetch the container images the selected samples need (preflight). */
  pull: boolean
  /** -t: a regex over test names ("benchmark @ model-slug record-id"); with --record-ids: a run that updates results in place. */
  testNamePattern?: string
  /** The command line as given (the --resume hint repeats it). */
  argv: string[]
  /** The generated --help text when -h/--help was given. */
  help: string | null
  trackers: Record<string, string>
  overrides: RunOverrides
}

function num(name: string, v: string | undefined, kind: 'int' | 'posint' | 'float'): number | undefined {
  if (v === undefined) return undefined
  const n = Number(v)
  const ok = Number.isFinite(n) && (kind === 'float' || (Number.isInteger(n) && (kind === 'int' || n > 0)))
  if (!ok) throw new JarvisError('JARVIS_BAD_OPTION', `--${name} ${JSON.stringify(v)}: expected ${kind === 'float' ? 'a number' : kind === 'posint' ? 'a positive integer' : 'an integer'}.`)
  return n
}

/** Parses `run` / `run-all` argv (their tables: run-spec.ts); `help` is the generated --help text when asked. */
export function parseRunArgs(argv: string[], spec: CommandSpec = EVAL_SPECS.run): RunCliOptions {
  const { values, positionals, help } = parseCommandLine(spec, argv)
  if (positionals.length) throw new JarvisError('JARVIS_BAD_OPTION', `${spec.path}: unexpected argument "${positionals[0]}". Run ${spec.path} --help.`)
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
    traceDetail: b('trace-detail') ?? false,
    pull: b('pull') ?? false,
    testNamePattern: s('test-name-pattern'),
    argv,
    help,
    trackers,
    overrides: {
      backend: s('backend'),
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
      recordIds: s('record-ids')?.split(',').map((x) => x.trim()).filter(Boolean),
      ...agentOverrides(values),
    },
  }
}
