import type { SerializedError, TestModule } from 'vitest/node'
import { WRONG_ANSWER_ERROR } from '../src/core/score.ts'

/** Gate-only exit codes: the same as `jarvis eval gate` (docs/gate.md), plus 1 for what the gate cannot judge. */
export const GATE_ONLY_EXIT = { pass: 0, harness: 1, refused: 2, fail: 3 } as const

export interface HarnessFailures {
  count: number
  /** The first one, for the log line. */
  first: string | null
  /** Failed tests that were wrong answers (a verdict the gate weighs, not a failure of the run). */
  wrongAnswers: number
}

/**
 * What the gate cannot speak for: a module that did not load, an unhandled error, a test that failed for any
 * other reason than a wrong answer (an inference error after retries, a dataset that did not load, a bug).
 * Wrong answers fail their tests with an error named WrongAnswer (src/harness/run-benchmark.ts).
 */
export function harnessFailures(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): HarnessFailures {
  const out: HarnessFailures = { count: unhandledErrors.length, first: unhandledErrors[0] ? `unhandled error: ${unhandledErrors[0].message}` : null, wrongAnswers: 0 }
  const add = (what: string) => {
    out.count++
    out.first ??= what
  }
  for (const m of testModules) {
    for (const e of m.errors()) add(`${m.moduleId}: ${e.message}`)
    for (const t of m.children.allTests()) {
      const r = t.result()
      if (r.state !== 'failed') continue
      const errors = r.errors ?? []
      if (errors.length > 0 && errors.every((e) => e.name === WRONG_ANSWER_ERROR)) out.wrongAnswers++
      else add(`${t.fullName}: ${errors[0]?.message ?? 'failed'}`)
    }
  }
  return out
}

export interface GateOnlyOutcome {
  code: number
  line: string
}

/**
 * The exit code of a gate-only run: the gate's verdict when the harness itself ran clean, else 1.
 * `verdicts`: each gated run's outcome ('refused' = the gate could not pair the runs or a required baseline
 * was missing). Nothing gated at all is a refusal too: a CI that asked for the gate must not pass on none.
 */
export function gateOnlyOutcome(verdicts: ('pass' | 'fail' | 'refused')[], harness: HarnessFailures, failExitCode: number = GATE_ONLY_EXIT.fail): GateOnlyOutcome {
  const wrong = harness.wrongAnswers ? `; ${harness.wrongAnswers} failed test(s) are wrong answers, which the gate weighed` : ''
  if (harness.count > 0) return { code: GATE_ONLY_EXIT.harness, line: `Gate-only: exit ${GATE_ONLY_EXIT.harness} — ${harness.count} failure(s) the gate cannot judge (first: ${harness.first})` }
  if (verdicts.length === 0) return { code: GATE_ONLY_EXIT.refused, line: `Gate-only: exit ${GATE_ONLY_EXIT.refused} — nothing was gated (no run had a baseline)` }
  if (verdicts.includes('refused')) return { code: GATE_ONLY_EXIT.refused, line: `Gate-only: exit ${GATE_ONLY_EXIT.refused} — the gate could not compare every run (see the lines above)${wrong}` }
  const failed = verdicts.filter((v) => v === 'fail').length
  if (failed) return { code: failExitCode, line: `Gate-only: exit ${failExitCode} — ${failed} of ${verdicts.length} gated run(s) regressed${wrong}` }
  return { code: GATE_ONLY_EXIT.pass, line: `Gate-only: exit 0 — ${verdicts.length} gated run(s) passed${wrong}` }
}
