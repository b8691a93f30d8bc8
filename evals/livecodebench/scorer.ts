// LiveCodeBench scoring: the extracted program runs against the public AND private tests in the sandbox,
// in one sandbox, each test in a child process of the harness; correct = every test passes (pass@1). Verdicts (decisions.md "Code"):
// a compile error or any failing test is wrong; broken test data or a failed sandbox is unscored.
//
//   scoreAnswer(record, answer, ctx?): Promise<Score>
import type { EvalRecord } from '../../src/core/record.ts'
import type { Score, ScoreContext } from '../../src/core/score.ts'
import { decodePrivateTests, parseTestCases, TestDataError, type LcbTest } from '../../src/scoring/code/lcb-tests.ts'
import { extractCode } from '../../src/scoring/code/extract-code.ts'
import { runLcbTests } from '../../src/scoring/code/run-code-tests.ts'
import { emptyAnswerScore, scoreCodeRun } from '../../src/scoring/code/code-score.ts'
import { readPrivateTests } from './private-store.ts'

/** LiveCodeBench's default per-test timeout (run_test(timeout=6)). */
export const PER_TEST_TIMEOUT_MS = 6000
/** Address-space cap of the test process. */
export const MEMORY_BYTES = 2 * 1024 ** 3

const clip = (s: string, n = 4000) => (s.length > n ? `${s.slice(0, n)}…` : s)

export async function scoreAnswer(record: EvalRecord, answer: string, ctx?: Pick<ScoreContext, 'signal'>): Promise<Score> {
  const m = record.metadata
  let tests: LcbTest[]
  let nPublic: number
  try {
    const pub = parseTestCases(m.public_test_cases)
    const priv = decodePrivateTests(readPrivateTests(m))
    nPublic = pub.length
    tests = [...pub, ...priv]
  } catch (e) {
    if (!(e instanceof TestDataError)) throw e
    return { isCorrect: null, score: null, reason: 'bad_test_data', metadata: { reason: 'bad_test_data', error: e.message } }
  }
  const functional = tests.some((t) => t.testtype === 'functional')
  const fnName = typeof m.func_name === 'string' ? m.func_name : undefined
  const expected = `all ${tests.length} tests pass (${nPublic} public + ${tests.length - nPublic} private, ${functional ? 'functional' : 'stdin'})`
  const { code, source } = extractCode(answer, functional ? { entryPoint: fnName } : { script: true })
  if (!code) return { ...emptyAnswerScore(tests.length), expected }
  const run = await runLcbTests(code, tests, { fnName, perTestTimeoutMs: PER_TEST_TIMEOUT_MS, memoryBytes: MEMORY_BYTES, signal: ctx?.signal })
  const score = scoreCodeRun(run, tests.length, { public_tests: nPublic, private_tests: tests.length - nPublic, testtype: functional ? 'functional' : 'stdin', code_source: source })
  return { ...score, expected, extracted: clip(code) }
}
