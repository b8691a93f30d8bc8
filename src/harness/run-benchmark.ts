import { describe, inject, type TestContext } from 'vitest'
import { describeNameFor } from '../config/projects.ts'
import type { ResolvedRun } from '../config/resolved-run.ts'
import type { Backend } from '../core/backend.ts'
import type { BenchmarkDefinition } from '../core/benchmark.ts'
import type { Judge } from '../core/judge.ts'
import type { EvalRecord } from '../core/record.ts'
import type { SampleResult } from '../core/sample-result.ts'
import { WRONG_ANSWER_ERROR, type Score } from '../core/score.ts'
import type { Tool } from '../core/tool.ts'
import { findBackend } from '../backends/index.ts'
import { Semaphore } from '../core/semaphore.ts'
import type { TraceLine } from '../results/trace.ts'
import { agentToolNames, recordTrace } from './agent-sample.ts'
import { episodeTracker } from './episode-run.ts'
import { interleaveEpisodes } from './episodes.ts'
import { evalTest, executedOutputs, type TestFixtures, type WorkerFixtures } from './fixtures.ts'
import { planSamples } from './plan-samples.ts'
import { promptText, runSample, sampleTask, type SampleOutcome } from './run-sample.ts'
import { sampleView } from '../results/sample-view.ts'

declare module 'vitest' {
  interface TaskMeta {
    /** The sample's JSONL record; the reporters stream it. */
    jarvis?: SampleResult
    /** Where the record goes (absolute JSONL path). */
    jarvisOutput?: string
    /** The sample for a person (verdict, reference / extracted, prompt, answer), wrapped: what the Vitest UI shows. */
    jarvisSample?: string
    /** Agent backends: the sample's traces.jsonl line, and where it goes. */
    jarvisTrace?: TraceLine
    jarvisTracePath?: string
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
    if (def.requiresAgent && !findBackend(run.backend)?.tools) {
      // The CLI refuses this before any call; a bare `vitest run` gets one visible failure instead of N wrong answers.
      evalTest(`${runKey} needs an agent backend`, () => {
        throw new Error(`${runKey} ${def.requiresAgentReason ?? 'is scored on its tool calls'}: set backend = "jarvis-agent" in [[benchmarks]].`)
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
    let userPromise: Promise<Judge> | null = null
    const toolNames = agentToolNames(def, run)
    // --concurrency: samples of this benchmark in flight at most (a waiting episode sample holds no slot).
    const slots = run.concurrency ? new Semaphore(run.concurrency) : null
    const episodes = plan.episodes ? episodeTracker(plan, run) : null
    const order = plan.episodes ? interleaveEpisodes(groupsInRun(plan.samples, plan.episodes)) : plan.samples
    const sample = async (record: EvalRecord, { backends, tools, judges, telemetry, environments, task, signal, skip, annotate }: SampleContext) => {
      let outcome: SampleOutcome | undefined
      try {
        const skipped = (id: string) => task.suite?.tasks.find((t) => t.name === id)?.mode === 'skip'
        const examples = episodes ? await episodes.before(record, skipped, signal) : undefined
        const backend = await backends.get(run)
        if (plan.warmup.length > 0) await (warm ??= warmUp(backend, plan.warmup, run, def))
        const judge = await (judgePromise ??= judges.get(run.judge))
        const shared = await (toolsPromise ??= tools.get(toolNames, run.mcpServers))
        const offered = backend.traced && def.sampleTools ? withSampleTools(shared, def.sampleTools(record)) : shared
        // A conversational benchmark's second model plays the user: made like the judge, once per worker.
        const userModel = def.simulatedUser ? await (userPromise ??= judges.get(run.userSimulator ?? run.judge)) : null
        const go = () => runSample({ def, run, record, backend, judge, telemetry, tools: offered, environments, signal, examples, userModel })
        outcome = await (slots ? slots.run(go) : go())
        // The readable view first: the Vitest UI lists meta in insertion order, each value in a <pre>.
        task.meta.jarvisSample = sampleView(outcome.result, promptText(outcome.messages, 4000))
        task.meta.jarvis = outcome.result
        task.meta.jarvisOutput = run.outputPath
        if (backend.traced) await recordTrace(task.meta, run, outcome, annotate)
      } finally {
        episodes?.after(record, outcome?.result.is_correct === true, outcome?.result.model_answer ?? '')
      }
      const { result, score } = outcome
      if (process.env.JARVIS_VERBOSE === '1') process.stderr.write(`[jarvis] ${runKey} / ${run.model} ${record.record_id}: ${verdictOf(result)} in ${result.latency_seconds.toFixed(3)} s\n`)
      if (result.error) throw new Error(`inference failed: ${result.error}`)
      if (result.is_correct === null) return skip(`unscored: ${String(result.scoring_metadata.reason ?? 'no verdict')}`)
      if (result.is_correct === false) failWrong(score)
    }
    // Two test functions for all the samples, each finding its record by its test name (the record id): Vitest
    // reads a test function's source to learn the fixtures it asks for, once per function. A sample without an
    // environment does not ask for the test-scoped one (nothing to open or close).
    const byId = new Map(order.map((r) => [r.record_id, r]))
    const withEnv = ({ backends, tools, judges, telemetry, environments, task, signal, skip, annotate }: SampleContext) => sample(byId.get(task.name)!, { backends, tools, judges, telemetry, environments, task, signal, skip, annotate })
    const withoutEnv = ({ backends, tools, judges, telemetry, task, signal, skip, annotate }: SampleContext) => sample(byId.get(task.name)!, { backends, tools, judges, telemetry, task, signal, skip, annotate })
    // `.concurrent` builds a new chainable test function on each access: once for all the samples.
    const concurrent = evalTest.concurrent
    for (const record of order) concurrent(record.record_id, def.environment?.(record) ? withEnv : withoutEnv)
  })
}

type SampleContext = Pick<WorkerFixtures, 'backends' | 'tools' | 'judges' | 'telemetry'> &
  Partial<TestFixtures> & { task: TestContext['task']; signal: AbortSignal; skip: TestContext['skip']; annotate: TestContext['annotate'] }

/** The episodes' records that run in this Vitest run (a chunk, a part, minus resumed ones), in episode order. */
function groupsInRun(samples: EvalRecord[], episodes: Map<string, EvalRecord[]>): EvalRecord[][] {
  const here = new Set(samples.map((r) => r.record_id))
  return [...episodes.values()].map((g) => g.filter((r) => here.has(r.record_id))).filter((g) => g.length > 0)
}

/** -v's word for a sample's outcome. */
const verdictOf = (r: SampleResult): string =>
  r.error ? `error (${r.error.slice(0, 120)})` : r.is_correct === null ? `unscored (${String(r.scoring_metadata.reason ?? 'no verdict')})` : r.is_correct ? 'correct' : 'wrong'

/** The run's tools plus the sample's own; a sample tool replaces a run tool of the same name (one spec per name). */
function withSampleTools(shared: Tool[], own: Tool[]): Tool[] {
  const names = new Set(own.map((t) => t.spec.name))
  return [...shared.filter((t) => !names.has(t.spec.name)), ...own]
}

/** A wrong answer is a failed test whose message shows the reference and what was read from the answer. */
function failWrong(score: Score | null): never {
  const reason = score?.reason ? ` (${score.reason})` : ''
  const detail = score?.expected !== undefined ? `: reference ${JSON.stringify(score.expected)}, extracted ${JSON.stringify(score.extracted ?? null)}` : ''
  // A plain Error, not an expect() diff: chai's AssertionError and its diff cost ~0.3 ms per failed sample; and
  // no stack trace captured (it is replaced by the message below).
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 0
  const e = new Error(`wrong answer${reason}${detail}`)
  Error.stackTraceLimit = limit
  e.name = WRONG_ANSWER_ERROR
  e.stack = `${e.name}: ${e.message}`
  throw e
}

/** Warmup calls: untimed, never recorded or scored, before any measured sample of this benchmark. */
async function warmUp(backend: Backend, records: EvalRecord[], run: ResolvedRun, def: BenchmarkDefinition): Promise<void> {
  // Warmup attempts get no tools or environment: they only warm the engine, and solve() never throws.
  await Promise.all(records.map((r) => backend.solve(sampleTask(def, run, r), {})))
}
