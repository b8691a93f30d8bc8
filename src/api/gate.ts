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
  /** A TOML suite (then benchmarks/model filter it). */
  config?: string
  benchmarks?: string[]
  model?: string
  maxSamples?: number
  /** Where outputs go without a config (default "results/"); a config's [run].output_dir wins. */
  outputDir?: string
  seed?: number
  backend?: string
  engine?: string
  baseUrl?: string
  /** Passed to the child through JARVIS_BACKEND_API_KEY, never on its command line. */
  apiKey?: string
  temperature?: number
  maxTokens?: number
  /** More `jarvis eval run` flags, as they would be typed. */
  extraArgs?: string[]
  cwd?: string
  env?: NodeJS.ProcessEnv
  /** Each line the child prints (stdout and stderr). */
  onOutput?: (line: string) => void
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

/** Runs `jarvis eval run` in a child process and returns the result files it wrote. */
export async function runSuite(options: RunSuiteOptions): Promise<{ outputs: SuiteOutput[] }> {
  const cwd = options.cwd ?? process.cwd()
  const jobs = planRuns(options, cwd)
  const outputs: SuiteOutput[] = []
  for (const job of jobs) {
    await runChild(job.args, cwd, options)
    for (const o of job.expected) {
      const jsonl = resolve(cwd, o.jsonl)
      if (!existsSync(jsonl)) continue
      const sp = summaryPathFor(jsonl)
      outputs.push({ benchmark: o.benchmark, model: o.model, jsonl, summary: existsSync(sp) ? readSummaryFile(sp) : null })
    }
  }
  return { outputs }
}

interface PlannedRun {
  args: string[]
  expected: { benchmark: string; model: string; jsonl: string }[]
}

function commonArgs(o: RunSuiteOptions): string[] {
  const a: string[] = []
  const opt = (flag: string, v: string | number | undefined) => v !== undefined && a.push(flag, String(v))
  opt('-n', o.maxSamples)
  opt('--seed', o.seed)
  opt('--backend', o.backend)
  opt('-e', o.engine)
  opt('--base-url', o.baseUrl)
  opt('--temperature', o.temperature)
  opt('--max-tokens', o.maxTokens)
  return [...a, ...(o.extraArgs ?? [])]
}

function planRuns(o: RunSuiteOptions, cwd: string): PlannedRun[] {
  if (o.config) {
    const path = resolve(cwd, o.config)
    let suite
    try {
      suite = SuiteSchema.parse(parseToml(readFileSync(path, 'utf8')))
    } catch (e) {
      throw new JarvisError('JARVIS_BAD_CONFIG', `${o.config}: cannot read the suite (${(e as Error).message.split('\n')[0]}). Check it with jarvis eval run -c ${o.config}.`)
    }
    const models = suite.models.map((m) => m.name).filter((m) => !o.model || m.includes(o.model))
    const benches = suite.benchmarks.map((b) => b.name).filter((b) => !o.benchmarks?.length || o.benchmarks.includes(b))
    const args = ['eval', 'run', '-c', path, ...(o.model ? ['--model-filter', o.model] : []), ...commonArgs(o)]
    return [{ args, expected: models.flatMap((m) => benches.map((b) => ({ benchmark: b, model: m, jsonl: outputPathFor(suite.run.output_dir, b, m) }))) }]
  }
  if (!o.model || !o.benchmarks?.length) throw new JarvisError('JARVIS_BAD_OPTION', 'runSuite: give either config, or model and benchmarks.')
  const dir = o.outputDir ?? 'results/'
  return o.benchmarks.map((b) => {
    const jsonl = outputPathFor(dir, b, o.model!)
    return { args: ['eval', 'run', '-b', b, '-m', o.model!, '-o', jsonl, ...commonArgs(o)], expected: [{ benchmark: b, model: o.model!, jsonl }] }
  })
}

function runChild(args: string[], cwd: string, o: RunSuiteOptions): Promise<void> {
  const env = { ...process.env, ...o.env, ...(o.apiKey ? { JARVIS_BACKEND_API_KEY: o.apiKey } : {}) }
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [JARVIS_BIN, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    const tail: string[] = []
    const onData = (buf: Buffer) => {
      for (const line of buf.toString('utf8').split('\n')) {
        if (!line) continue
        o.onOutput?.(line)
        tail.push(line)
        if (tail.length > 20) tail.shift()
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.on('error', fail)
    child.on('close', (code) => {
      if (code === 0) return done()
      const last = tail.at(-1) ?? ''
      // The CLI's exit 2 is bad input: keep it a JarvisError so callers can tell it from a crash.
      if (code === 2) fail(new JarvisError('JARVIS_BAD_OPTION', `jarvis ${args.join(' ')}: ${last}`))
      else fail(new Error(`jarvis ${args.join(' ')} exited with code ${code}:\n${tail.join('\n')}`))
    })
  })
}
