// A test run → Score, the same way for every code benchmark (decisions.md "Code", "Verdicts"):
//   empty answer, compile error, crash on import, missing entry point, any failing test → false;
//   the sandbox itself failing, or broken test data → null (unscored, reason stored);
//   all tests pass → true. `score` is the pass rate.
import type { Score } from '../../core/score.ts'
import type { CodeTestRun, TestOutcome } from './run-code-tests.ts'

/** Test details kept in scoring_metadata (the first ones: enough to see why, small enough for JSONL). */
export const DETAIL_LIMIT = 5
const clip = (s: string | undefined, n = 500) => (s && s.length > n ? `${s.slice(0, n)}…` : s)

export function emptyAnswerScore(total: number): Score {
  return { isCorrect: false, score: 0, extracted: '', reason: 'empty_response', metadata: { reason: 'empty_response', tests_passed: 0, tests_total: total, pass_rate: 0 } }
}

export function scoreCodeRun(run: CodeTestRun, total: number, extra: Record<string, unknown> = {}): Score {
  const common = { ...extra, duration_ms: Math.round(run.durationMs), ...(run.isolation ? { sandbox: run.isolation } : {}) }
  if (run.phase === 'sandbox_error' || run.phase === 'bad_tests') {
    const reason = run.phase === 'bad_tests' ? 'bad_test_data' : 'sandbox_error'
    return { isCorrect: null, score: null, reason, metadata: { ...common, reason, error: clip(run.error) } }
  }
  if (run.phase !== 'ran') {
    return { isCorrect: false, score: 0, reason: run.phase, metadata: { ...common, reason: run.phase, error: clip(run.error), tests_passed: 0, tests_total: total, pass_rate: 0 } }
  }
  if (total === 0) return { isCorrect: null, score: null, reason: 'no_tests', metadata: { ...common, reason: 'no_tests' } }
  const passed = run.outcomes.filter((o) => o.status === 'passed').length
  const firstFail: TestOutcome | undefined = run.outcomes.find((o) => o.status !== 'passed')
  const passRate = passed / total
  const details = run.outcomes.slice(0, DETAIL_LIMIT).map((o) => ({ status: o.status, ...(o.ms !== undefined ? { ms: o.ms } : {}), ...(o.error ? { error: clip(o.error, 300) } : {}) }))
  const metadata: Record<string, unknown> = { ...common, tests_passed: passed, tests_total: total, pass_rate: passRate, test_results: details }
  if (firstFail) {
    metadata.reason = firstFail.status
    metadata.first_failure = run.outcomes.indexOf(firstFail)
    return { isCorrect: false, score: passRate, reason: firstFail.status, metadata }
  }
  return { isCorrect: true, score: 1, metadata }
}
