// Programmatic API for the regression gate and for a spec-search loop (run a suite, gate it, repeat).
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse as parseToml } from 'smol-toml'
import { JarvisError } from '../errors.ts'
import { SuiteSchema } from '../config/schema.ts'
import { readResults } from '../results/read-results.ts'
import type { RunSummary, SampleResult } from '../results/schema.ts'
import { summaryPathFor } from '../results/summary.ts'
import { readSummaryFile, requireRunPaths } from '../report/run-files.ts'
import { evaluateGate, type GateOptions, type GateVerdict } from '../stats/gate.ts'
import { collectOutcomes, OutcomeCollector, type RunOutcomes } from '../stats/run-outcomes.ts'

export { GATE_RULE, type GateOptions, type GateVerdict } from '../stats/gate.ts'

/** A run for the gate: a results JSONL path, its lines, or lines plus the summary's settings (seed…). */
export type GateInput = string | SampleResult[] | { results: SampleResult[]; summary?: Partial<RunSummary> | null; label?: string }

async function toOutcomes(input: GateInput, label: string): Promise<RunOutcomes> {
  if (Array.isArray(input)) return collectOutcomes(label, input)
  if (typeof input !== 'string') return collectOutcomes(input.label ?? label, input.results, input.summary)
  const paths = requireRunPaths(input)
  if (!paths.jsonl) throw new JarvisError('JARVIS_RESULTS', `${input}: the gate needs the per-sample JSONL (only the summary exists). Point it at the .jsonl file.`)
  const summary = paths.summary ? readSummaryFile(paths.summary) : null
  const c = new OutcomeCollector(input, summary)
  for await (const r of readResults(paths.jsonl)) c.add(r)
  return c.finish()
}

/**
 * The regression gate: pass unless the candidate's accuracy drop is both larger than `maxDrop` and
 * statistically significant (docs/gate.md). Throws JarvisError (exit 2) when the runs cannot be paired.
 */
export async function gate(baseline: GateInput, candidate: GateInput, opts: GateOptions = {}): Promise<GateVerdict> {
  return evaluateGate(await toOutcomes(baseline, 'baseline'), await toOutcomes(candidate, 'candidate'), opts)
}

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
  /** Passed to the child through JARVIS_BACKEND_API_KEY, never on its command line. */
  apiKey?: string
  temperature?: number
  maxTokens?: number
  maxWorkers?: number
  /** More `jarvis eval run` flags, as they would be typed. */
  extraArgs?: string[]
  cwd?: string
  env?: NodeJS.ProcessEnv
  /** Each line the child prints (stdout and stderr). */
  onOutput?: (line: string) => void
  /** The CLI script to run (default: this package's bin/jarvis.mjs). */
  bin?: string
}

export interface SuiteOutput {
  benchmark: string
  model: string
  jsonl: string
  summary: RunSummary | null
}

/** Model slug of the output file names: `/` and `:` become `-` (qwen3:8b → qwen3-8b). */
export const modelSlug = (model: string) => model.replace(/[/:]/g, '-')
export const outputPathFor = (dir: string, benchmark: string, model: string) => join(dir, `${benchmark}_${modelSlug(model)}.jsonl`)

const JARVIS_BIN = fileURLToPath(new URL('../../bin/jarvis.mjs', import.meta.url))

/**
 * Runs `jarvis eval run` in a child process and returns the result files it wrote: the paths it prints
 * (`results: PATH`), else the conventional `{output_dir}/{benchmark}_{model-slug}.jsonl`.
 */
export async function runSuite(options: RunSuiteOptions): Promise<{ outputs: SuiteOutput[] }> {
  const cwd = options.cwd ?? process.cwd()
  const { args, expected } = planRun(options, cwd)
  const printed = await runChild(options.bin ?? JARVIS_BIN, args, cwd, options)
  const paths = printed.length ? printed.map((p) => resolve(cwd, p)) : expected.map((e) => resolve(cwd, e))
  const outputs: SuiteOutput[] = []
  for (const jsonl of [...new Set(paths)]) {
    if (!existsSync(jsonl)) continue
    const sp = summaryPathFor(jsonl)
    const summary = existsSync(sp) ? readSummaryFile(sp) : null
    const [benchmark, model] = summary ? [summary.benchmark, summary.model] : guessFromName(jsonl, options)
    outputs.push({ benchmark, model, jsonl, summary })
  }
  return { outputs }
}

function guessFromName(jsonl: string, o: RunSuiteOptions): [string, string] {
  const base = jsonl.replace(/^.*[\\/]/, '').replace(/\.jsonl$/, '')
  const bench = (o.benchmarks ?? []).find((b) => base.startsWith(`${b}_`)) ?? base.split('_')[0]
  return [bench, o.model ?? base.slice(bench.length + 1)]
}

function planRun(o: RunSuiteOptions, cwd: string): { args: string[]; expected: string[] } {
  const a: string[] = ['eval', 'run']
  const opt = (flag: string, v: string | number | undefined) => v !== undefined && a.push(flag, String(v))
  let expected: string[]
  if (o.config) {
    if (o.benchmarks?.length) throw new JarvisError('JARVIS_BAD_OPTION', 'runSuite: a config lists its own benchmarks; drop benchmarks (or drop config).')
    const path = resolve(cwd, o.config)
    let suite
    try {
      suite = SuiteSchema.parse(parseToml(readFileSync(path, 'utf8')))
    } catch (e) {
      throw new JarvisError('JARVIS_BAD_CONFIG', `${o.config}: cannot read the suite (${(e as Error).message.split('\n')[0]}). Check it with jarvis eval run -c ${o.config}.`)
    }
    const dir = o.outputDir ?? suite.run.output_dir
    const models = suite.models.map((m) => m.name).filter((m) => !o.model || m.includes(o.model))
    expected = models.flatMap((m) => suite.benchmarks.map((b) => outputPathFor(dir, b.name, m)))
    a.push('-c', path)
    opt('--model-filter', o.model)
  } else {
    if (!o.model || !o.benchmarks?.length) throw new JarvisError('JARVIS_BAD_OPTION', 'runSuite: give either config, or model and benchmarks.')
    expected = o.benchmarks.map((b) => outputPathFor(o.outputDir ?? 'results/', b, o.model!))
    a.push('-b', o.benchmarks.join(','), '-m', o.model)
  }
  opt('--output-dir', o.outputDir)
  opt('-n', o.maxSamples)
  opt('--seed', o.seed)
  opt('-e', o.engine)
  opt('--base-url', o.baseUrl)
  opt('--temperature', o.temperature)
  opt('--max-tokens', o.maxTokens)
  opt('-w', o.maxWorkers)
  return { args: [...a, ...(o.extraArgs ?? [])], expected }
}

/** Spawns the CLI; resolves with the result paths it printed, rejects on a non-zero exit. */
function runChild(bin: string, args: string[], cwd: string, o: RunSuiteOptions): Promise<string[]> {
  const env = { ...process.env, ...o.env, ...(o.apiKey ? { JARVIS_BACKEND_API_KEY: o.apiKey } : {}) }
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    const tail: string[] = []
    const printed: string[] = []
    const onLine = (line: string) => {
      if (!line) return
      o.onOutput?.(line)
      const m = /^\s*results:\s+(\S.*\.jsonl)\s*$/.exec(line)
      if (m) printed.push(m[1])
      tail.push(line)
      if (tail.length > 20) tail.shift()
    }
    // A chunk can end mid-line: keep the partial line per stream until its newline arrives.
    const lines = (stream: NodeJS.ReadableStream) => {
      let rest = ''
      stream.setEncoding('utf8')
      stream.on('data', (chunk: string) => {
        const parts = (rest + chunk).split('\n')
        rest = parts.pop() ?? ''
        parts.forEach(onLine)
      })
      stream.on('end', () => onLine(rest))
    }
    lines(child.stdout)
    lines(child.stderr)
    child.on('error', fail)
    child.on('close', (code) => {
      if (code === 0) return done(printed)
      const what = `jarvis ${args.slice(0, 2).join(' ')}`
      // The CLI's exit 2 is bad input: keep it a JarvisError so callers can tell it from a crash.
      if (code === 2) fail(new JarvisError('JARVIS_BAD_OPTION', `${what}: ${tail.at(-1) ?? 'bad input'}`))
      else fail(new Error(`${what} exited with code ${code}:\n${tail.join('\n')}`))
    })
  })
}
