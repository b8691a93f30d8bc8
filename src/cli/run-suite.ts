// runSuite(): one `jarvis eval run` in this process, for a spec-search loop (run, gate, repeat). docs/gate.md.
import { isAbsolute, resolve } from 'node:path'
import { JarvisError } from '../core/errors.ts'
import type { RunSummary } from '../core/sample-result.ts'
import type { CliIO } from './io.ts'
import { executeRun } from './commands/run.ts'
import { parseRunArgs } from './run-options.ts'

export interface RunSuiteOptions {
  /** A TOML suite (its models × benchmarks); `model` then filters models by substring (--model-filter). */
  config?: string
  /** Benchmark keys (without a config; a config lists its own). */
  benchmarks?: string[]
  model?: string
  maxSamples?: number
  /** --output-dir (default: the config's [run].output_dir, else "results/"). */
  outputDir?: string
  seed?: number
  engine?: string
  baseUrl?: string
  /** Set as JARVIS_BACKEND_API_KEY for the run (environment only, never an argument or a file). */
  apiKey?: string
  temperature?: number
  maxTokens?: number
  maxWorkers?: number
  /** More `jarvis eval run` flags, as they would be typed. */
  extraArgs?: string[]
  /** Where relative paths (config, output dir, -o) are resolved; default the working directory. */
  cwd?: string
  /** Each line the run prints (what `jarvis eval run` would print on stdout and stderr). */
  onOutput?: (line: string) => void
}

export interface SuiteOutput {
  benchmark: string
  model: string
  jsonl: string
  summary: RunSummary
}

/**
 * Runs `jarvis eval run` in this process (the same code path as the CLI) and returns each run's result file
 * and summary. Bad input throws the CLI's JarvisError (exit code 2 there); a run that ends with errors throws.
 */
export async function runSuite(options: RunSuiteOptions): Promise<{ outputs: SuiteOutput[] }> {
  const cwd = options.cwd ?? process.cwd()
  const cli = parseRunArgs(runArgs(options, cwd))
  if (options.apiKey) cli.apiKey = options.apiKey
  const say = (line: string) => options.onOutput?.(line)
  const io: CliIO = { out: say, err: say, isTTY: false }
  const { summaries, exitCode } = await executeRun(cli, io, { cwd })
  if (exitCode !== 0) throw new Error(`jarvis eval run ended with exit code ${exitCode}; its output went to onOutput.`)
  return { outputs: summaries.map((s) => ({ benchmark: s.benchmark, model: s.model, jsonl: s.output_path, summary: s })) }
}

function runArgs(o: RunSuiteOptions, cwd: string): string[] {
  const a: string[] = []
  const opt = (flag: string, v: string | number | undefined) => v !== undefined && a.push(flag, String(v))
  const abs = (p: string) => (isAbsolute(p) ? p : resolve(cwd, p))
  if (o.config) {
    if (o.benchmarks?.length) throw new JarvisError('JARVIS_BAD_OPTION', 'runSuite: a config lists its own benchmarks; drop benchmarks (or drop config).')
    a.push('-c', abs(o.config))
    opt('--model-filter', o.model)
  } else {
    if (!o.model || !o.benchmarks?.length) throw new JarvisError('JARVIS_BAD_OPTION', 'runSuite: give either config, or model and benchmarks.')
    a.push('-b', o.benchmarks.join(','), '-m', o.model)
  }
  opt('--output-dir', o.outputDir === undefined ? undefined : abs(o.outputDir))
  opt('-n', o.maxSamples)
  opt('--seed', o.seed)
  opt('-e', o.engine)
  opt('--base-url', o.baseUrl)
  opt('--temperature', o.temperature)
  opt('--max-tokens', o.maxTokens)
  opt('-w', o.maxWorkers)
  return [...a, ...(o.extraArgs ?? [])]
}
