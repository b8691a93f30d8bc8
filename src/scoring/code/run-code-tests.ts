// Test runners on top of the harness: LiveCodeBench tests (stdin/stdout and LeetCode-style functional)
// and assert-line tests (coding_task). Expected outputs stay here, in Node; the sandbox only runs code.
//
//   runLcbTests(code, tests, opts): Promise<CodeTestRun>
//   runAssertTests(code, asserts, opts): Promise<CodeTestRun>
//   runTestFunctions(code, testCode, opts): Promise<CodeTestRun & { names }>   pytest-style test_… functions, each called
import { stdoutMatches } from './compare-stdout.ts'
import type { LcbTest } from './lcb-tests.ts'
import { parsePyJson, pyJsonEqual } from './py-json-equal.ts'
import { runHarness, type HarnessReport, type HarnessTestEvent } from './run-harness.ts'

export type TestStatus = 'passed' | 'wrong_answer' | 'timeout' | 'runtime_error' | 'output_limit' | 'not_run'

export interface TestOutcome {
  status: TestStatus
  ms?: number
  error?: string
}

export interface CodeTestRun {
  phase: HarnessReport['phase']
  error?: string
  outcomes: TestOutcome[]
  durationMs: number
  isolation?: HarnessReport['isolation']
}

export interface RunTestsOptions {
  perTestTimeoutMs: number
  memoryBytes: number
  signal?: AbortSignal
}

const utf8Len = (s: string) => Buffer.byteLength(s, 'utf8')

function outcome(e: HarnessTestEvent | undefined, matches: (out: string) => boolean): TestOutcome {
  if (!e) return { status: 'not_run' }
  const base = { ms: e.ms, ...(e.error ? { error: e.error } : {}) }
  if (e.status === 'timeout') return { status: 'timeout', ...base }
  if (e.status === 'output_limit' || e.truncated) return { status: 'output_limit', ...base }
  if (e.status !== 'ok') return { status: e.status === 'failed' ? 'wrong_answer' : 'runtime_error', ...base }
  return { status: matches(e.out ?? '') ? 'passed' : 'wrong_answer', ...base }
}

function toRun(report: HarnessReport, outcomes: TestOutcome[]): CodeTestRun {
  // The first test without a report is the one the process died in: say how (later ones stay not_run).
  const first = outcomes.findIndex((o) => o.status === 'not_run')
  const end = report.ended
  if (first >= 0 && end && !end.finished && !outcomes.slice(0, first).some((o) => o.status === 'timeout')) {
    const error = end.harnessError ?? (end.outputTruncated ? 'output flood: the process was killed' : `the process ended early (${end.exit})`)
    outcomes[first] = { status: end.timedOut ? 'timeout' : end.outputTruncated ? 'output_limit' : 'runtime_error', error }
  }
  return { phase: report.phase, ...(report.error ? { error: report.error } : {}), outcomes, durationMs: report.durationMs, isolation: report.isolation }
}

export async function runLcbTests(code: string, tests: LcbTest[], opts: RunTestsOptions & { fnName?: string }): Promise<CodeTestRun> {
  const functional = tests.some((t) => t.testtype === 'functional')
  if (functional) {
    // Validate the expected values before any code runs: broken test data leaves the sample unscored.
    try {
      if (!opts.fnName) throw new Error('functional tests but no metadata.func_name')
      if (tests.some((t) => t.testtype !== 'functional')) throw new Error('stdin and functional tests mixed')
      for (const t of tests) parsePyJson(t.output)
    } catch (e) {
      return { phase: 'bad_tests', error: (e as Error).message, outcomes: [], durationMs: 0 }
    }
  }
  // Room for twice the expected output, so a wrong answer is still seen as text, and a flood is cut.
  const caps = tests.map((t) => 2 * utf8Len(t.output) + 1024)
  const report = await runHarness({
    mode: functional ? 'functional' : 'stdin',
    code,
    inputs: tests.map((t) => t.input),
    caps,
    fnName: opts.fnName,
    prelude: true,
    perTestTimeoutMs: opts.perTestTimeoutMs,
    memoryBytes: opts.memoryBytes,
    signal: opts.signal,
  })
  const matches = (i: number) => (out: string) => (functional ? safeJsonEqual(out, tests[i].output) : stdoutMatches(out, tests[i].output))
  return toRun(report, report.phase === 'ran' ? tests.map((_, i) => outcome(report.results[i], matches(i))) : [])
}

function safeJsonEqual(actual: string, expected: string): boolean {
  try {
    return pyJsonEqual(actual, expected)
  } catch {
    return false
  }
}

/** `entryPoint`: the function the asserts call; code that does not define it fails as missing_entry_point. */
export async function runAssertTests(code: string, asserts: string[], opts: RunTestsOptions & { entryPoint?: string }): Promise<CodeTestRun> {
  const report = await runHarness({ mode: 'asserts', code, tests: asserts, fnName: opts.entryPoint, perTestTimeoutMs: opts.perTestTimeoutMs, memoryBytes: opts.memoryBytes, signal: opts.signal })
  return toRun(report, report.phase === 'ran' ? asserts.map((_, i) => outcome(report.results[i], () => true)) : [])
}

/** The top-level `def test_…(` functions of a test module, in file order. */
export const testFunctionNames = (testCode: string): string[] => [...testCode.matchAll(/^(?:async\s+)?def\s+(test_\w+)\s*\(/gm)].map((m) => m[1])

/**
 * pytest-style tests (`from solution import …` then `def test_…():`), each CALLED against a freshly imported
 * `solution` module made from the code, in one sandboxed process per sample. `names[i]` is outcome i's test.
 */
export async function runTestFunctions(code: string, testCode: string, opts: RunTestsOptions): Promise<CodeTestRun & { names: string[] }> {
  const names = testFunctionNames(testCode)
  const report = await runHarness({ mode: 'testfns', code, tests: names, testCode, perTestTimeoutMs: opts.perTestTimeoutMs, memoryBytes: opts.memoryBytes, signal: opts.signal })
  return { ...toRun(report, report.phase === 'ran' ? names.map((_, i) => outcome(report.results[i], () => true)) : []), names }
}
