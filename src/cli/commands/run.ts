import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { benchmarkKeys, findBenchmark, isExternal, isReady, missingReason } from '../../../evals/registry.ts'
import { expandSuite } from '../../config/expand.ts'
import { exportExternalApiKey } from '../../config/external.ts'
import { loadSuiteFile, parseSuite } from '../../config/load.ts'
import { describeNameFor, workerExecArgv } from '../../config/projects.ts'
import type { ResolvedRun } from '../../config/resolved-run.ts'
import type { Suite } from '../../config/schema.ts'
import { didYouMean, JarvisError } from '../../core/errors.ts'
import { lockOutputs } from '../../results/output-lock.ts'
import { checkOutputsAreNotInputs } from '../output-paths.ts'
import { summaryPathFor } from '../../results/run-files.ts'
import type { RunSummary } from '../../core/sample-result.ts'
import type { CliIO, Command } from '../io.ts'
import { preflight } from '../preflight.ts'
import { prepareOutput } from '../prepare-output.ts'
import { ProgressReporter } from '../progress-reporter.ts'
import { parseRunArgs, type RunCliOptions } from '../run-options.ts'
import { exitOnInterrupt, resumeCommandLine } from '../interrupt.ts'
import { noScoreLine, RunTally } from '../run-tally.ts'
import { printTraceListing } from '../trace-listing.ts'
import { compactByRecordId } from '../../results/write.ts'
import { redactUrl } from '../../engines/resolve-engine.ts'
import { resultsTable } from '../results-table.ts'
import { fullGc, openVitest, type VitestSession } from '../vitest-runner.ts'
import { vitestNodeSource } from '../../../bin/vendor-vitest.mjs'
import { disposeEarlySpare, forkSpareWorker, spareWorkerAllowed, takeEarlySpare, type SpareWorker } from '../spare-worker.ts'
import { selectsInThread } from '../select-in-thread.ts'
import { dirname, resolve } from 'node:path'

// Samples per Vitest run: the worker's memory is ~35 KB per registered test, so 1000 keeps it ~35 MB.
const DEFAULT_CHUNK = 1000

/** Builds the suite from -c or from -b/-m flags (a one-cell matrix), with CLI-only errors named by flag. */
export function suiteFromOptions(o: RunCliOptions): { suite: Suite; source: string; configDir?: string } {
  if (o.config) {
    if (o.benchmarks.length || o.model) throw new JarvisError('JARVIS_BAD_OPTION', '-c/--config gives the models and benchmarks; drop -b/-m (or drop -c).')
    const path = resolve(o.config)
    return { suite: loadSuiteFile(path), source: o.config, configDir: dirname(path) }
  }
  if (!o.benchmarks.length || !o.model) throw new JarvisError('JARVIS_BAD_OPTION', 'jarvis eval run needs -b BENCHMARK and -m MODEL, or -c SUITE.toml. Run jarvis eval run --help.')
  for (const b of o.benchmarks) {
    const entry = findBenchmark(b)
    if (!entry) throw new JarvisError('JARVIS_UNKNOWN_BENCHMARK', `-b/--benchmark "${b}": unknown benchmark.${didYouMean(b, benchmarkKeys())} Run jarvis eval list.`)
    // An external harness's key passes here: preflight probes for it and says what this machine lacks.
    if (!isReady(entry) && !isExternal(entry)) throw new JarvisError('JARVIS_UNSUPPORTED', `-b/--benchmark "${b}" is registered but ${missingReason(entry)}. Run jarvis eval list to see the ready ones.`)
  }
  const suite = parseSuite({ models: [{ name: o.model }], benchmarks: o.benchmarks.map((name) => ({ name })) }, 'command line')
  return { suite, source: 'command line' }
}

export interface RunOutcome {
  summaries: RunSummary[]
  exitCode: number
}

/** Exit code of a run where some (model × benchmark) ran samples but could score none (README "Exit codes"). */
export const EXIT_NO_SCORE = 4

function namePattern(p: string | undefined): RegExp | undefined {
  if (p === undefined) return undefined
  try {
    return new RegExp(p)
  } catch (e) {
    throw new JarvisError('JARVIS_BAD_OPTION', `-t/--test-name-pattern ${JSON.stringify(p)}: not a regular expression (${(e as Error).message}).`)
  }
}

/** The whole run: validate → preflight (no model call) → prepare outputs → Vitest → summaries → table. */
export async function executeRun(o: RunCliOptions, io: CliIO, where: { cwd?: string; /** Ctrl-C prints how to resume with this command ('jarvis eval run') and exits 130. */ interruptCommand?: string } = {}): Promise<RunOutcome> {
  const log = (line: string) => o.verbose && io.err(`[jarvis] ${line}`)
  if (o.apiKey) process.env.JARVIS_BACKEND_API_KEY = o.apiKey // env only: never written to disk or results
  if (o.verbose) process.env.JARVIS_VERBOSE = '1'
  const testNamePattern = namePattern(o.testNamePattern)
  // Samples chosen by name update the results in place (prepare-output.ts); a full run starts a fresh file.
  const update = testNamePattern !== undefined || o.overrides.recordIds !== undefined
  const { suite, source, configDir } = suiteFromOptions(o)
  exportExternalApiKey(suite)
  const runs = expandSuite(suite, o.overrides, { source, configDir, cwd: where.cwd })
  checkOutputsAreNotInputs(runs, o.config ? resolve(where.cwd ?? process.cwd(), o.config) : undefined)
  if (suite.meta.name) io.out(`Suite: ${suite.meta.name}${suite.meta.description ? ` — ${suite.meta.description}` : ''}`)
  const models = new Set(runs.map((r) => r.model)).size
  io.out(`Matrix: ${models} model(s) x ${suite.benchmarks.length} benchmark(s) = ${runs.length} run(s)`)
  for (const r of runs) log(describeRun(r))
  // One writer per output file, taken before any model call; released however the run ends.
  const locks = await lockOutputs(runs.map((r) => r.outputPath))
  // A test worker boots while preflight and Vitest's own start-up run (spare-worker.ts), and Vitest is created while
  // preflight selects; neither beside a large dataset's selection, whose memory peak they would add to (a large run
  // gains nothing from a faster start).
  const overlap = !runs.some((r) => selectsInThread(r))
  const wanted = overlap && runs.length > 0 && spareWorkerAllowed()
  // The worker main.ts forked before the suite was read, when a worker would still be launched so; else one now.
  const spare = wanted ? (takeEarlySpare(workerExecArgv()) ?? forkSpareWorker(workerExecArgv())) : (disposeEarlySpare(), undefined)
  try {
    return await lockedRun(o, io, where, suite, runs, { log, testNamePattern, update, spare, overlap })
  } finally {
    spare?.dispose()
    locks.release()
  }
}

async function lockedRun(
  o: RunCliOptions,
  io: CliIO,
  where: { interruptCommand?: string },
  suite: Suite,
  runs: ResolvedRun[],
  { log, testNamePattern, update, spare, overlap }: { log: (line: string) => false | void; testNamePattern: RegExp | undefined; update: boolean; spare?: SpareWorker; overlap: boolean },
): Promise<RunOutcome> {
  const chunkSize = Number(process.env.JARVIS_CHUNK_SIZE) || DEFAULT_CHUNK
  const tmp = mkdtempSync(join(tmpdir(), 'jarvis-run-'))
  let uninstall = () => {}
  let session: VitestSession | null = null
  try {
    const progress = await ProgressReporter.create(io)
    const { JsonlReporter, writeRunSummary } = await import('../../../reporters/jsonl-reporter.ts')
    const tally = new RunTally()
    const jsonl = new JsonlReporter({ summary: false, append: true, onWriteError: () => {} })
    // Each run's chunks go to files as soon as preflight has selected them: the workers read their own chunk.
    // Vitest is created meanwhile (it needs the runs, not their samples; the selection may go to a thread), or after.
    const open = async () => void (session = await openVitest({ runs, reporters: [progress, tally, jsonl], testNamePattern, spare }))
    const pre = await preflight(runs, (l) => io.out(`  ${l}`), { testNamePattern, pull: o.pull, plan: { dir: tmp, chunkSize }, ...(overlap ? { meanwhile: open } : {}) })
    const planFiles = pre.planFiles
    // The datasets preflight loaded are garbage now: give a large one's memory back before Vitest starts (a full
    // collection costs ≈ 30 ms, more than a small dataset's memory is worth).
    if ([...pre.counts.values()].reduce((a, b) => a + b, 0) > 5000) fullGc()
    if (testNamePattern && runs.every((r) => !pre.matching.get(r)))
      throw new JarvisError('JARVIS_BAD_OPTION', `-t/--test-name-pattern ${JSON.stringify(o.testNamePattern)} matches no sample. Test names look like "${runs[0] ? `${describeNameFor(runs[0].benchmark, runs[0].modelSlug)} <record-id>` : '<benchmark> @ <model-slug> <record-id>'}"; see a run's JSONL for the record ids.`)
    // counts: selected samples per run (chunks slice the whole selection); remaining: what this run will do.
    const counts = new Map<ResolvedRun, number>()
    const remaining = new Map<ResolvedRun, number>()
    const prepared: ResolvedRun[] = []
    const preparedPlans = new Map<ResolvedRun, string[]>()
    for (const r of runs) {
      const out = await prepareOutput(r, { retryErrors: o.retryErrors, update, selection: pre.selections.get(r) })
      if (out.movedTo) io.out(`  kept the previous ${r.outputPath} as ${out.movedTo}`)
      if (out.dropped?.unselected) io.out(`  resume: dropped ${out.dropped.unselected} line(s) of ${r.benchmark} / ${r.model} whose records are no longer selected`)
      if (out.dropped?.changed) io.out(`  resume: ${out.dropped.changed} record(s) of ${r.benchmark} / ${r.model} changed prompt or reference since they were answered: they run again`)
      let skipIdsFile: string | null = null
      if (out.doneIds.length) {
        skipIdsFile = join(tmp, `${prepared.length}.ids`)
        writeFileSync(skipIdsFile, out.doneIds.join('\n'))
        io.out(`  resume: ${out.doneIds.length} samples of ${r.benchmark} / ${r.model} already complete`)
      }
      const pr = { ...r, skipIdsFile }
      prepared.push(pr)
      preparedPlans.set(pr, planFiles.get(r) ?? [])
      counts.set(pr, pre.counts.get(r) ?? 0)
      remaining.set(pr, Math.max(0, (pre.matching.get(r) ?? 0) - out.doneIds.length))
    }
    pre.selections.clear() // resume has used the digests; 100,000 of them need not stay for the run
    // Warnings after the outputs are prepared: bad input found there stays a single line.
    for (const w of pre.warnings) io.err(`warning: ${w}`)
    progress.setRuns(prepared.map((r) => ({ benchmark: r.benchmark, model: r.model, modelSlug: r.modelSlug, total: remaining.get(r) ?? 0 })))
    const startedAt = Date.now() / 1000
    if (where.interruptCommand)
      uninstall = exitOnInterrupt(() => {
        io.err('')
        for (const r of prepared) {
          if (update) compactByRecordId(r.outputPath)
          io.err(`jarvis: interrupted: ${r.benchmark} / ${r.model}: ${tally.byOutput.get(r.outputPath)?.ran ?? 0} samples finished in this run, kept in ${r.outputPath}`)
        }
        io.err(`jarvis: resume with: ${resumeCommandLine(where.interruptCommand!, o.argv)}`)
      })
    if (!overlap) await open()
    const vitest = session as VitestSession | null
    if (!vitest) throw new Error('Vitest was not created')
    const outcome = await vitest
      .run({ runs: prepared, counts, chunkSize, planFiles: preparedPlans, onChunk: (i, n) => n > 1 && log(`chunk ${i + 1}/${n}`), stop: () => jsonl.writeError !== null })
      .finally(async () => {
        // Closed before the summaries: a worker's teardown (its telemetry totals, which the summary reads) may still
        // be running when the run's promise settles; closing waits for every worker to exit.
        await vitest.close()
        progress.finish()
      })
    if (spare) log(spare.taken ? `test worker: the one forked at start-up${spare.early ? ', before the suite was read' : ''}` : `test worker: Vitest forked its own (${spare.refusal ?? 'the spare was not asked for'})`)
    log(`vitest/node: ${vitestNodeSource()}`)
    uninstall()
    // A results line that could not be written stops the run: no summary, no table, exit 1 (never "success").
    if (jsonl.writeError) {
      io.out('')
      io.out(`Stopped: ${jsonl.lost} finished sample(s) could not be written.`)
      throw jsonl.writeError
    }
    const summaries: RunSummary[] = []
    for (const r of prepared) {
      if (update) {
        const c = compactByRecordId(r.outputPath)
        io.out(`  updated ${tally.byOutput.get(r.outputPath)?.ran ?? 0} samples of ${r.benchmark} / ${r.model} in place (${c.lines} lines in ${r.outputPath})`)
      }
      summaries.push(await writeRunSummary(r, r.outputPath, startedAt))
    }
    await sendToTrackers(suite, o, prepared, summaries, io)
    printResults(summaries, io, o.compact)
    if (o.traceDetail) await printTraceListing(summaries, io)
    for (const f of outcome.failedToLoad) io.err(`error: ${f}`)
    if (outcome.unhandledErrors > 0 || outcome.failedToLoad.length > 0) return { summaries, exitCode: 1 }
    const noScore = prepared.map((r) => tally.byOutput.get(r.outputPath)).map((t) => t && noScoreLine(t)).filter((l): l is string => Boolean(l))
    for (const line of noScore) io.err(`jarvis: ${line}`)
    return { summaries, exitCode: noScore.length ? EXIT_NO_SCORE : 0 }
  } finally {
    uninstall()
    // A run stopped before its samples (bad input found by preflight) closes the Vitest it opened (close is once).
    await (session as VitestSession | null)?.close()
    rmSync(tmp, { recursive: true, force: true })
  }
}

/** -v: what a run resolved to, before anything is called. */
function describeRun(r: ResolvedRun): string {
  const where = r.baseUrl ? ` at ${redactUrl(r.baseUrl)}` : ''
  return `${r.benchmark} / ${r.model}: engine ${r.engine}${where}, backend ${r.backend}, judge ${r.judge.model} (${r.judge.engine}), seed ${r.seed}, temperature ${r.temperature}, max_tokens ${r.maxTokens}, max_workers ${r.maxWorkers}${r.maxSamples ? `, max_samples ${r.maxSamples}` : ''}${r.recordIds ? `, ${r.recordIds.length} record ids` : ''} → ${r.outputPath}`
}

/**
 * W&B / Google Sheets, only when configured. Results are replayed from the JSONL after the run, so a tracker
 * never slows inference and a dead tracker never fails a run (it logs one line and is switched off).
 */
async function sendToTrackers(suite: Suite, o: RunCliOptions, runs: ResolvedRun[], summaries: RunSummary[], io: CliIO): Promise<void> {
  const t = o.trackers
  const config = {
    wandb_project: t['wandb-project'] ?? suite.run.wandb_project,
    wandb_entity: t['wandb-entity'] ?? suite.run.wandb_entity,
    wandb_tags: t['wandb-tags'] ?? suite.run.wandb_tags,
    wandb_group: t['wandb-group'] ?? (suite.run.wandb_group || suite.meta.name),
    sheets_spreadsheet_id: t['sheets-id'] ?? suite.run.sheets_spreadsheet_id,
    sheets_worksheet: t['sheets-worksheet'] ?? suite.run.sheets_worksheet,
    sheets_credentials_path: t['sheets-creds'] ?? suite.run.sheets_credentials_path,
  }
  if (!config.wandb_project && !config.sheets_spreadsheet_id) return
  const { createTrackers } = await import('../../trackers/index.ts')
  const { readResults } = await import('../../results/read-results.ts')
  for (const [i, r] of runs.entries()) {
    const trackers = await createTrackers(config, (line) => io.err(`warning: ${line}`))
    await trackers.onRunStart({ benchmark: r.benchmark, model: r.model, backend: r.backend, max_samples: r.maxSamples, max_workers: r.maxWorkers, temperature: r.temperature, max_tokens: r.maxTokens, seed: r.seed, engine_key: r.engine })
    for await (const line of readResults(r.outputPath)) await trackers.onResult(line)
    await trackers.onSummary(summaries[i])
    await trackers.onRunEnd()
    io.out(`  sent ${r.benchmark} / ${r.model} to ${trackers.names.join(', ')}`)
  }
}

function printResults(summaries: RunSummary[], io: CliIO, compact: boolean): void {
  io.out('')
  io.out(resultsTable(summaries, { compact, width: io.columns }))
  for (const s of summaries) {
    const unscored = s.total_samples - s.scored_samples - s.errors
    if (unscored > 0) io.out(`  ${s.benchmark} / ${s.model}: ${unscored} unscored (${Object.entries(s.unscored_reasons).map(([k, v]) => `${k} ${v}`).join(', ')}), excluded from accuracy`)
    if (s.telemetry_note && !s.telemetry_note.startsWith('telemetry off')) io.out(`  telemetry: ${s.telemetry_note}`)
    if (s.telemetry && s.telemetry.source !== 'none')
      io.out(`  energy: device ${s.telemetry.device_energy_joules.toFixed(1)} J = samples ${s.telemetry.sample_energy_joules.toFixed(1)} J + idle ${s.telemetry.idle_energy_joules.toFixed(1)} J (${s.telemetry.scope})`)
    if (/tiny-counting-llama\.gguf$/.test(s.model))
      io.out('  note: tiny-counting-llama is a 1.8 MB pipeline-check model that recites "one two three …"; it checks the harness, not a model. Put a real .gguf path or hf: URI in [[models]] name to evaluate one.')
    io.out(`  results: ${s.output_path}`)
    io.out(`  summary: ${summaryPathFor(s.output_path)}`)
  }
  if (summaries.length === 1) {
    const s = summaries[0]
    io.out(s.scored_samples ? `Accuracy: ${s.accuracy.toFixed(4)} (${s.correct}/${s.scored_samples})` : `Accuracy: none (0 of ${s.total_samples} samples scored)`)
  }
}

export const runCommand: Command = async (argv, io) => {
  const o = parseRunArgs(argv)
  if (o.help) return io.out(o.help), 0
  return (await executeRun(o, io, { interruptCommand: 'jarvis eval run' })).exitCode
}
