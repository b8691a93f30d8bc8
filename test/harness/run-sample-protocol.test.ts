// What a benchmark definition can say about its protocol, as runSample honours it: a record that cannot run
// here (no model call, unscored with the reason), the turn limit when the run sets none, and scoring an attempt
// that stopped on a limit when the verdict is the environment's state.
import { describe, expect, test } from 'vitest'
import { expandSuite } from '../../src/config/expand.ts'
import type { ResolvedRun } from '../../src/config/resolved-run.ts'
import { SuiteSchema } from '../../src/config/schema.ts'
import type { Attempt, Backend, SampleTask } from '../../src/core/backend.ts'
import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import type { EvalRecord } from '../../src/core/record.ts'
import { nullTelemetry } from '../../src/core/telemetry.ts'
import { runSample } from '../../src/harness/run-sample.ts'
import { scriptedJudge } from '../support/fixtures-wave1.ts'

const RUN: ResolvedRun = expandSuite(SuiteSchema.parse({ models: [{ name: 'm' }], benchmarks: [{ name: 'supergpqa' }] }), {}, { source: 's', env: {}, cwd: '/w' })[0]
const record: EvalRecord = { record_id: 'x-1', problem: 'Do it.', reference: '', category: 'agentic', subject: 's', metadata: {} }

/** A backend that stops as told and remembers the tasks it was given. */
function backend(stop: Attempt['stop']): Backend & { tasks: SampleTask[] } {
  const tasks: SampleTask[] = []
  return {
    key: 'jarvis-agent',
    tasks,
    ready: async () => {},
    close: async () => {},
    async solve(task) {
      tasks.push(task)
      return { answer: '', transcript: [], turns: [], usage: { calls: 1, promptTokens: 1, completionTokens: 1, costUsd: 0 }, latencySeconds: 0, ttftSeconds: 0, finishReason: 'stop', retries: 0, cached: false, stop, error: null }
    },
  }
}

const def = (o: Partial<BenchmarkDefinition>): BenchmarkDefinition => ({ key: 'x', load: async () => [record], score: async (_r, _a, ctx) => ({ isCorrect: true, metadata: { stop: ctx.attempt?.stop } }), ...o })
const go = (d: BenchmarkDefinition, b: Backend, run: ResolvedRun = RUN) => runSample({ def: d, run, record, backend: b, judge: scriptedJudge([]), telemetry: nullTelemetry('off') })

describe('runSample and the definition protocol', () => {
  test('skipReason: unscored with the reason, the model never asked', async () => {
    const b = backend('answer')
    const o = await go(def({ skipReason: () => 'needs_internet: a live price' }), b)
    expect(b.tasks).toHaveLength(0)
    expect(o.result).toMatchObject({ is_correct: null, error: null, scoring_metadata: { reason: 'needs_internet: a live price', skipped: true } })
  })

  test('defaultMaxTurns applies when the run sets none; the run wins otherwise', async () => {
    const b = backend('answer')
    await go(def({ defaultMaxTurns: () => 4 }), b)
    await go(def({ defaultMaxTurns: () => 4 }), b, { ...RUN, maxTurns: 9 })
    await go(def({}), b)
    expect(b.tasks.map((t) => t.limits.maxTurns)).toEqual([4, 9, 10])
  })

  test('a stopped attempt is wrong without scoring, unless the definition scores stopped attempts', async () => {
    const wrong = await go(def({}), backend('max_turns'))
    expect(wrong.result).toMatchObject({ is_correct: false, scoring_metadata: { reason: 'max_turns' } })
    const scored = await go(def({ scoresStoppedAttempts: true }), backend('max_turns'))
    expect(scored.result).toMatchObject({ is_correct: true, scoring_metadata: { stop: 'max_turns' } })
  })
})
