import type { Reporter, TestCase, TestRunEndReason, Vitest } from 'vitest/node'
import { findBenchmark } from '../evals/registry.ts'
import type { ProjectContext, ResolvedRun } from '../src/config/resolved-run.ts'
import type { RunSummary } from '../src/core/sample-result.ts'
import { isJarvisError, type JarvisError } from '../src/core/errors.ts'
import { frameworkCommit } from '../src/results/framework-commit.ts'
import { lockOutputs, type OutputLocks } from '../src/results/output-lock.ts'
import { writeSummary } from '../src/results/summary.ts'
import { compactByRecordId, JsonlAppender, moveAside, outputWriteError, serializeResult } from '../src/results/write.ts'

export interface JsonlReporterOptions {
  /** Write `{output}.summary.json` at the end of the run (the CLI turns it off while it runs chunks). */
  summary?: boolean
  /** Print where results went. */
  quiet?: boolean
  /**
   * Append to outputs that already exist (the CLI prepared them: moved aside or kept for --resume). By default an
   * existing output is moved aside before the first line, never silently appended to or overwritten, except
   * when tests are chosen by name (`vitest -t`): then the new lines replace those samples' lines in place.
   */
  append?: boolean
  /**
   * A results line could not be written (disk full, quota, another run holds the file): the run is cancelled
   * (tests in flight finish, no new one starts), no summary is written, and this is called once. Default: print
   * the message and make the process exit 1. The CLI passes its own and reports it at the end.
   */
  onWriteError?: (error: JarvisError) => void
}

/** The summary of one run's JSONL, written the same way by the CLI and by a bare `vitest run`. */
export function writeRunSummary(run: Pick<ResolvedRun, 'outputPath' | 'seed' | 'category' | 'benchmark' | 'model' | 'backend'> | undefined, outputPath: string, startedAt: number): Promise<RunSummary> {
  return writeSummary({
    outputPath,
    startedAt,
    endedAt: Date.now() / 1000,
    seed: run?.seed ?? null,
    category: run ? (run.category ?? findBenchmark(run.benchmark)?.category) : undefined,
    benchmark: run?.benchmark,
    model: run?.model,
    backend: run?.backend,
  })
}

/**
 * Streams one JSONL line per sample as its test ends (appended and flushed: a crash loses only samples in
 * flight) and writes each output's summary from the JSONL at the end, never from memory.
 * It only reacts to tests that carry `meta().jarvis`, so it sits harmlessly beside any other reporter.
 */
export const JSONL_REPORTER_MARK = Symbol.for('jarvis.jsonlReporter')

export class JsonlReporter implements Reporter {
  readonly [JSONL_REPORTER_MARK] = true
  private readonly appenders = new Map<string, JsonlAppender>()
  /** Agent runs' traces.jsonl, written as samples end like the JSONL (not rewritten at the end as OpenJarvis did). */
  private readonly traces = new Map<string, JsonlAppender>()
  private readonly runs = new Map<string, { startedAt: number; project: string; benchmark: string }>()
  private vitest: Vitest | null = null
  private startedAt = Date.now() / 1000
  /** `vitest -t PATTERN`: a few samples run again; their lines replace the old ones, the rest stay. */
  private update = false
  private locks: OutputLocks[] = []
  /** The first write that failed; every later line is dropped (counted in `lost`). */
  writeError: JarvisError | null = null
  lost = 0

  constructor(private readonly opts: JsonlReporterOptions = {}) {}

  onInit(vitest: Vitest): void {
    this.vitest = vitest
    this.startedAt = Date.now() / 1000
    this.update = !this.opts.append && Boolean(vitest.config.testNamePattern)
  }

  async onTestCaseResult(test: TestCase): Promise<void> {
    const meta = test.meta()
    const result = meta.jarvis
    const out = meta.jarvisOutput
    if (!result || !out) return
    if (this.writeError) {
      this.lost++
      return
    }
    try {
      let w = this.appenders.get(out)
      if (!w) {
        // A bare `vitest run`: nobody locked the file for us (the CLI does, before its preflight).
        if (!this.opts.append) this.locks.push(await lockOutputs([out]))
        if (this.update) compactByRecordId(out) // drop a torn last line before appending
        else if (!this.opts.append) moveAside(out)
        w = new JsonlAppender(out)
        this.appenders.set(out, w)
        this.runs.set(out, { startedAt: this.startedAt, project: test.project.name, benchmark: result.benchmark })
      }
      w.append(serializeResult(result))
      const trace = meta.jarvisTrace
      const tracePath = meta.jarvisTracePath
      if (trace && tracePath) {
        let t = this.traces.get(tracePath)
        if (!t) {
          if (!this.opts.append && !this.update) moveAside(tracePath)
          this.traces.set(tracePath, (t = new JsonlAppender(tracePath)))
        }
        t.append(`${JSON.stringify({ ...trace, framework_commit: trace.framework_commit || frameworkCommit() })}\n`)
      }
    } catch (e) {
      this.fail(isJarvisError(e) ? e : outputWriteError(out, e))
    }
  }

  private fail(error: JarvisError): void {
    this.writeError = error
    this.lost++
    void this.vitest?.cancelCurrentRun('test-failure')
    if (this.opts.onWriteError) return this.opts.onWriteError(error)
    process.stderr.write(`jarvis: error: ${error.message}\n`)
    process.exitCode = 1
  }

  async onTestRunEnd(_modules: unknown, _errors: unknown, _reason: TestRunEndReason): Promise<void> {
    for (const w of [...this.appenders.values(), ...this.traces.values()]) w.close()
    for (const l of this.locks.splice(0)) l.release()
    if (this.writeError) {
      // No summary of a run that lost lines: it would report success over an incomplete file.
      this.appenders.clear()
      this.traces.clear()
      this.runs.clear()
      return
    }
    // Traces keep every line (the report takes the last of a record); the JSONL keeps one line per record.
    if (this.update) for (const out of this.appenders.keys()) compactByRecordId(out)
    this.traces.clear()
    if (this.opts.summary !== false) {
      for (const [out, info] of this.runs) {
        const summary = await writeRunSummary(this.runFor(info.project, info.benchmark), out, info.startedAt)
        if (!this.opts.quiet && process.env.JARVIS_QUIET !== '1') process.stdout.write(`jarvis: ${summary.benchmark} / ${summary.model}: accuracy ${summary.accuracy.toFixed(4)} (${summary.correct}/${summary.scored_samples}) → ${out}\n`)
      }
    }
    this.appenders.clear()
    this.runs.clear()
  }

  private runFor(project: string, benchmark: string) {
    const p = this.vitest?.projects.find((x) => x.name === project)
    const ctx = (p?.config as { provide?: { jarvis?: ProjectContext } } | undefined)?.provide?.jarvis
    return ctx?.runs?.[benchmark]
  }
}

export default JsonlReporter
