// coding_assistant scoring: the fixed module runs in the sandbox and every test function is CALLED against it.
//
//   scoreAnswer(record, answer, ctx?): Promise<Score>
//   fixOutcome(names, outcomes, failing, passing)      pure: fix_rate, regressions, per-test results
//
// OpenJarvis only exec'd each test snippet, which DEFINES the test function without calling it, so any
// importable code fixed every bug (§10.4); it also swapped `sys.modules["solution"]` in the harness process from
// four worker threads. Here one sandboxed python3 per sample loads a fresh `solution` module for every test and
// calls the test (5 s each). correct = every originally failing test now passes (fix_rate 1) and no
// originally passing test broke (regressions 0); code that does not compile or import is wrong; score = the
// share of all tests that pass.
import type { EvalRecord } from '../../src/core/record.ts'
import type { Score, ScoreContext } from '../../src/core/score.ts'
import { emptyAnswerScore, scoreCodeRun } from '../../src/scoring/code/code-score.ts'
import { extractCode } from '../../src/scoring/code/extract-code.ts'
import { runTestFunctions, type TestOutcome } from '../../src/scoring/code/run-code-tests.ts'

export const PER_TEST_TIMEOUT_MS = 5000
export const MEMORY_BYTES = 1024 ** 3

export function fixOutcome(names: string[], outcomes: TestOutcome[], failing: string[], passing: string[]) {
  const status = new Map(names.map((n, i) => [n, outcomes[i]?.status ?? 'not_run']))
  const passed = (n: string) => status.get(n) === 'passed'
  const fixed = failing.filter(passed).length
  const regressions = passing.filter((n) => !passed(n))
  const totalPassing = names.filter(passed).length
  return {
    tests_fixed: fixed,
    tests_to_fix: failing.length,
    fix_rate: failing.length ? fixed / failing.length : 1,
    regressions: regressions.length,
    regressed_tests: regressions,
    total_passing: totalPassing,
    total_tests: names.length,
    test_results: Object.fromEntries(names.map((n, i) => [n, outcomes[i]?.error ? { status: status.get(n), error: outcomes[i].error!.slice(0, 300) } : { status: status.get(n) }])),
  }
}

export async function scoreAnswer(record: EvalRecord, answer: string, ctx?: Pick<ScoreContext, 'signal'>): Promise<Score> {
  const m = record.metadata
  const failing = m.originally_failing_tests as string[]
  const passing = m.originally_passing_tests as string[]
  const total = failing.length + passing.length
  const expected = `fixes ${failing.length} failing test(s) without breaking the other ${passing.length}`
  const { code, source } = extractCode(answer, { entryPoint: (m.entry_point as string | null) ?? undefined })
  if (!code) return { ...emptyAnswerScore(total), expected }
  const run = await runTestFunctions(code, String(m.test_code), { perTestTimeoutMs: PER_TEST_TIMEOUT_MS, memoryBytes: MEMORY_BYTES, signal: ctx?.signal })
  // compile error, import error, sandbox failure: the shared mapping (wrong, wrong, unscored)
  if (run.phase !== 'ran') return { ...scoreCodeRun(run, total, { code_source: source }), expected }
  const o = fixOutcome(run.names, run.outcomes, failing, passing)
  const isCorrect = o.fix_rate === 1 && o.regressions === 0
  const reason = isCorrect ? undefined : o.fix_rate < 1 ? 'not_fixed' : 'regression'
  const metadata: Record<string, unknown> = { ...o, code_source: source, duration_ms: Math.round(run.durationMs), ...(run.isolation ? { sandbox: run.isolation } : {}) }
  if (reason) metadata.reason = reason
  return { isCorrect, score: o.total_tests ? o.total_passing / o.total_tests : 0, expected, extracted: code.length > 4000 ? `${code.slice(0, 4000)}…` : code, ...(reason ? { reason } : {}), metadata }
}
