// The 30 bug-fix tasks, proven in the sandbox: each fixed_code passes every test, each buggy_code fails exactly
// its originally_failing_tests (and passes the rest), and the data set has OpenJarvis's size and tiers.
import { describe, expect, it, test } from 'vitest'
import { testFunctionNames } from '../../src/scoring/code/run-code-tests.ts'
import { countBy } from '../../test/support/use-cases.ts'
import { loadTasks, toRecord } from './loader.ts'
import { scoreAnswer } from './scorer.ts'

const tasks = await loadTasks()
const fenced = (code: string) => `\`\`\`python\n${code}\`\`\``

describe('coding_assistant tasks', () => {
  test('30 schema-checked tasks, 10 per tier, unique ids; the test lists name every test function exactly once', () => {
    expect(tasks).toHaveLength(30)
    expect(new Set(tasks.map((t) => t.id)).size).toBe(30)
    expect(countBy(tasks, (t) => t.difficulty)).toEqual({ easy: 10, medium: 10, hard: 10 })
    for (const t of tasks) {
      expect([...t.originally_failing_tests, ...t.originally_passing_tests].sort(), t.id).toEqual(testFunctionNames(t.test_code).sort())
      expect(toRecord(t).metadata.entry_point, t.id).toBeTruthy()
    }
  })

  it.concurrent.each(tasks.map((t) => [t.id, t] as const))('%s: fixed_code passes all tests; buggy_code fails exactly the originally failing ones', async (_, task) => {
    const record = toRecord(task)
    const fixed = await scoreAnswer(record, fenced(task.fixed_code))
    expect(fixed.metadata, JSON.stringify(fixed.metadata.test_results)).toMatchObject({ fix_rate: 1, regressions: 0, total_passing: testFunctionNames(task.test_code).length })
    expect(fixed.isCorrect).toBe(true)
    const buggy = await scoreAnswer(record, fenced(task.buggy_code))
    const results = buggy.metadata.test_results as Record<string, { status: string }>
    const failed = Object.keys(results).filter((n) => results[n].status !== 'passed')
    expect(failed.sort(), JSON.stringify(results)).toEqual([...task.originally_failing_tests].sort())
    expect(buggy).toMatchObject({ isCorrect: false, reason: 'not_fixed', metadata: { tests_fixed: 0, regressions: 0 } })
  })
})
