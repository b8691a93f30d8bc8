// jarvis-evals' public API. Everything not exported here (or from ./reporters, ./config, ./eval) is internal.
//
//   import { defineBenchmark, gate, runSuite, type BenchmarkDefinition } from 'jarvis-evals'
//   import { runBenchmark } from 'jarvis-evals/eval'            (in a *.eval.ts file, under Vitest)
//   import { JsonlReporter, GateReporter, jarvisPlugin } from 'jarvis-evals/reporters'
//   import { loadSuiteFile, expandSuite, modelProjects } from 'jarvis-evals/config'
import type { BenchmarkDefinition } from './core/benchmark.ts'
import type { RunSuiteOptions, SuiteOutput } from './cli/run-suite.ts'

export type { Attempt, AttemptStop, AttemptUsage, Backend, SampleTask, SolveContext, TurnRecord } from './core/backend.ts'
export type { BenchmarkDefinition } from './core/benchmark.ts'
export type { Engine, GenerateParams, GenerateResult } from './core/engine.ts'
export type { Environment, EnvironmentFile, EnvironmentSpec, ExecResult } from './core/environment.ts'
export { isJarvisError, JarvisError } from './core/errors.ts'
export type { Judge, JudgeReply } from './core/judge.ts'
export type { ChatMessage, ToolCall, ToolSpec } from './core/messages.ts'
export type { EvalRecord, LoadContext } from './core/record.ts'
export { RunSummarySchema, SampleResultSchema, type RunSummary, type SampleResult } from './core/sample-result.ts'
export type { Score, ScoreContext } from './core/score.ts'
export type { Telemetry, TelemetryReading, TelemetrySpan } from './core/telemetry.ts'
export type { Tool, ToolContext, ToolResult } from './core/tool.ts'
export { gate, GATE_RULE, type GateInput, type GateOptions, type GateVerdict } from './results/gate.ts'
export type { RunSuiteOptions, SuiteOutput } from './cli/run-suite.ts'

/** Types a benchmark definition (load, optional messages, score, rescore, environment); returns it as is. */
export const defineBenchmark = (def: BenchmarkDefinition): BenchmarkDefinition => def

/** Runs a suite in this process, as `jarvis eval run` would (loaded on first use: importing gate stays light). */
export async function runSuite(options: RunSuiteOptions): Promise<{ outputs: SuiteOutput[] }> {
  return (await import('./cli/run-suite.ts')).runSuite(options)
}
