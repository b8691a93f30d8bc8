import { describe, inject } from 'vitest'
import { describeNameFor } from '../config/projects.ts'
import type { ResolvedRun } from '../config/resolved-run.ts'
import type { Backend } from '../core/backend.ts'
import type { BenchmarkDefinition } from '../core/benchmark.ts'
import type { Judge } from '../core/judge.ts'
import type { EvalRecord } from '../core/record.ts'
import type { SampleResult } from '../core/sample-result.ts'
import type { Score } from '../core/score.ts'
import type { Tool } from '../core/tool.ts'
import { evalTest, executedOutputs } from './fixtures.ts'
import { planSamples } from './plan-samples.ts'
import { runSample, sampleTask } from './run-sample.ts'

declare module 'vitest' {
  interface TaskMeta {
    /** The sample's JSONL record; the reporters stream it. */
    jarvis?: SampleResult
    /** Where the record goes (absolute JSONL path). */
    jarvisOutput?: string
  }
}

/**
 * Registers one `test.concurrent` per sample, named by its stable record id, under a describe named by the
 * benchmark key and the model slug (describeNameFor). The file runs only in model projects that list this benchmark.
 */
export function runBenchmark(def: BenchmarkDefinition, runKey: string = def.key, part?: { index: number; count: number }): void {
  const run = inject('jarvis')?.runs?.[runKey]
  describe(run ? describeNameFor(runKey, run.modelSlug) : runKey, async () => {
    if (!run) {
      evalTest.skip(`${runKey} is not in this project's suite`, () => {})
      return
    }
    let plan
    try {
      plan = await planSamples(def, run, (m) => process.stderr.write(`[jarvis] ${runKey}: ${m}\n`), part)
    } catch (e) {
      // A loader failure is one visible failed test, not a silently empty file.
      const message = (e as Error).message
      evalTest(`load ${runKey}`, () => {
        throw new Error(message)
      })
      return
    }
    if (plan.samples.length === 0) {
      evalTest.skip(`${runKey}: no samples to run`, () => {})
      return
    }
    executedOutputs.add(run.outputPath)
    let warm: Promise<void> | null = null
    let judgePromise: Promise<Judge> | null = null
    let toolsPromise: Promise<Tool[]> | null = null
    for (const record of plan.samples) {
      evalTest.concurrent(record.record_id, async ({ backends, tools, judges, telemetry, environments, task, signal, skip }) => {
        const backend = await backends.get(run)
        if (plan.warmup.length > 0) await (warm ??= warmUp(backend, plan.warmup, run, def))
        const judge = await (judgePromise ??= judges.get(run.judge))
        const offered = await (toolsPromise ??= tools.get(run.tools))
        const { result, score } = await runSample({ def, run, record, backend, judge, telemetry, tools: offered, environments, signal })
        task.meta.jarvis = result
        task.meta.jarvisOutput = run.outputPath
        if (process.env.JARVIS_VERBOSE === '1') process.stderr.write(`[jarvis] ${runKey} / ${run.model} ${record.record_id}: ${verdictOf(result)} in ${result.latency_seconds.toFixed(3)} s\n`)
        if (result.error) throw new Error(`inference failed: ${result.error}`)
        if (result.is_correct === null) return skip(`unscored: ${String(result.scoring_metadata.reason ?? 'no verdict')}`)
        if (result.is_correct === false) failWrong(score)
      })
    }
  })
}

/** -v's word for a sample's outcome. */
const verdictOf = (r: SampleResult): string =>
  r.error ? `error (${r.error.slice(0, 120)})` : r.is_correct === null ? `unscored (${String(r.scoring_metadata.reason ?? 'no verdict')})` : r.is_correct ? 'correct' : 'wrong'

/** A wrong answer is a failed test whose message shows the reference and what was read from the answer. */
function failWrong(score: Score | null): never {
  const reason = score?.reason ? ` (${score.reason})` : ''
  const detail = score?.expected !== undefined ? `: reference ${JSON.stringify(score.expected)}, extracted ${JSON.stringify(score.extracted ?? null)}` : ''
  // A plain Error, not an expect() diff: chai's AssertionError and its diff cost ~0.3 ms per failed sample.
  const e = new Error(`wrong answer${reason}${detail}`)
  e.name = 'WrongAnswer'
  e.stack = `${e.name}: ${e.message}`
  throw e
}

/** Warmup calls: untimed, never recorded or scored, before any measured sample of this benchmark. */
async function warmUp(backend: Backend, records: EvalRecord[], run: ResolvedRun, def: BenchmarkDefinition): Promise<void> {
  // Warmup attempts get no tools or environment: they only warm the engine, and solve() never throws.
  await Promise.all(records.map((r) => backend.solve(sampleTask(def, run, r), {})))
}
