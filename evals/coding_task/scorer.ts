// coding_task scoring: the extracted function runs in the sandbox, then each assert line of the task runs
// against it (one sandbox; each assert in a fresh process, compared by the harness, a timeout per assert). score = pass rate; correct = every assert passes.
// OpenJarvis exec'd the code inside its own process with no timeout, and a code exec error made the sample
// unscored ("no_assertions_found"); here a compile error is wrong and an endless loop is killed.
//
//   scoreAnswer(record, answer, ctx?): Promise<Score>
import type { EvalRecord } from '../../src/core/record.ts'
import type { Score, ScoreContext } from '../../src/core/score.ts'
import { extractCode } from '../../src/scoring/code/extract-code.ts'
import { runAssertTests } from '../../src/scoring/code/run-code-tests.ts'
import { emptyAnswerScore, scoreCodeRun } from '../../src/scoring/code/code-score.ts'

export const PER_TEST_TIMEOUT_MS = 5000
export const MEMORY_BYTES = 1024 ** 3

const clip = (s: string, n = 4000) => (s.length > n ? `${s.slice(0, n)}…` : s)

export async function scoreAnswer(record: EvalRecord, answer: string, ctx?: Pick<ScoreContext, 'signal'>): Promise<Score> {
  const tests = record.metadata.test_cases as string[]
  const entryPoint = String(record.metadata.entry_point)
  const expected = `${entryPoint} passes all ${tests.length} asserts`
  const { code, source } = extractCode(answer, { entryPoint })
  if (!code) return { ...emptyAnswerScore(tests.length), expected }
  const run = await runAssertTests(code, tests, { entryPoint, perTestTimeoutMs: PER_TEST_TIMEOUT_MS, memoryBytes: MEMORY_BYTES, signal: ctx?.signal })
  return { ...scoreCodeRun(run, tests.length, { code_source: source }), expected, extracted: clip(code) }
}
