// The sandboxed test runners, end to end: the real harness.py in the real sandbox, one process per sample.
import { describe, expect, it } from 'vitest'
import { scoreCodeRun } from '../../src/scoring/code/code-score.ts'
import type { LcbTest } from '../../src/scoring/code/lcb-tests.ts'
import { runAssertTests, runLcbTests, runTestFunctions } from '../../src/scoring/code/run-code-tests.ts'

const opts = { perTestTimeoutMs: 1500, memoryBytes: 512 * 1024 ** 2 }
const stdin = (pairs: [string, string][]): LcbTest[] => pairs.map(([input, output]) => ({ input, output, testtype: 'stdin' }))
const fn = (pairs: [string, string][]): LcbTest[] => pairs.map(([input, output]) => ({ input, output, testtype: 'functional' }))
const statuses = (run: { outcomes: { status: string }[] }) => run.outcomes.map((o) => o.status)

const DOUBLE = stdin([
  ['1\n', '2\n'],
  ['21\n', '42\n'],
  ['-3\n', '-6\n'],
])

describe('runLcbTests: stdin programs', () => {
  it('runs each test as a fresh program: module state does not leak between tests', async () => {
    const code = 'seen = globals().get("seen", 0) + 1\nprint(int(input()) * 2 * seen)'
    const run = await runLcbTests(code, DOUBLE, opts)
    expect(statuses(run)).toEqual(['passed', 'passed', 'passed'])
  })

  it('waits for a main() run in a thread with a big stack, as `python sol.py` would', async () => {
    const code = 'import sys, threading\ndef main():\n    print(int(sys.stdin.readline()) * 2)\nthreading.stack_size(1 << 26)\nthreading.Thread(target=main).start()'
    expect(statuses(await runLcbTests(code, DOUBLE, opts))).toEqual(['passed', 'passed', 'passed'])
  })

  it('treats exit(0) as a normal end and a non-zero exit as a runtime error', async () => {
    expect(statuses(await runLcbTests('print(int(input()) * 2)\nraise SystemExit(0)', DOUBLE, opts))).toEqual(['passed', 'passed', 'passed'])
    const run = await runLcbTests('print(int(input()) * 2)\nimport sys\nsys.exit(3)', DOUBLE.slice(0, 1), opts)
    expect(run.outcomes[0]).toMatchObject({ status: 'runtime_error', error: 'SystemExit(3)' })
  })

  it('times out one test, reports it, and stops there', async () => {
    const code = 'n = int(input())\nwhile n == 21:\n    pass\nprint(n * 2)'
    const run = await runLcbTests(code, DOUBLE, { ...opts, perTestTimeoutMs: 500 })
    expect(statuses(run)).toEqual(['passed', 'timeout', 'not_run'])
    expect(scoreCodeRun(run, 3)).toMatchObject({ isCorrect: false, reason: 'timeout', score: 1 / 3 })
  })

  it('blames the test during which the process died, and runs no further', async () => {
    const code = 'import os\nn = int(input())\nif n == 21:\n    os._exit(1)\nprint(n * 2)'
    const run = await runLcbTests(code, DOUBLE, opts)
    expect(run.outcomes).toEqual([expect.objectContaining({ status: 'passed' }), { status: 'runtime_error', error: 'the process ended early (exit 1)' }, { status: 'not_run' }])
  })

  it('cuts an output flood in one test without losing the others', async () => {
    const code = 'n = int(input())\nif n == 21:\n    print("x" * 10_000_000)\nelse:\n    print(n * 2)'
    expect(statuses(await runLcbTests(code, DOUBLE, opts))).toEqual(['passed', 'output_limit', 'passed'])
  })

  it('reports a runtime error with the traceback the program printed', async () => {
    const run = await runLcbTests('print(1 // 0)', DOUBLE.slice(0, 1), opts)
    expect(run.outcomes[0].status).toBe('runtime_error')
    expect(run.outcomes[0].error).toMatch(/ZeroDivisionError/)
  })

  it('cannot turn a wrong answer into an unscored one by printing harness events', async () => {
    const code = [
      'import os',
      'for fd in range(3, 10):',
      '    try:',
      '        os.write(fd, b\'{"event": "bad_tests", "error": "x"}\\n{"event": "compile_error"}\\n{"event": "test", "i": 2, "status": "ok", "out": "-6"}\\n\')',
      '    except OSError:',
      '        pass',
      'print(0)',
    ].join('\n')
    const run = await runLcbTests(code, DOUBLE, opts)
    expect(run.phase).toBe('ran')
    expect(statuses(run)).toEqual(['wrong_answer', 'wrong_answer', 'wrong_answer'])
    expect(scoreCodeRun(run, 3).isCorrect).toBe(false)
  })
})

describe('runLcbTests: functional (LeetCode-style) problems', () => {
  const tests = fn([
    ['[1, 2, 3]\n2', '[2, 4, 6]'],
    ['[]\n5', '[]'],
  ])

  it('calls Solution().<func_name>(*args) with one JSON value per input line; prints do not disturb it', async () => {
    const code = 'class Solution:\n    def scale(self, nums: List[int], k: int) -> List[int]:\n        print("debug", nums)\n        return [x * k for x in nums]'
    expect(statuses(await runLcbTests(code, tests, { ...opts, fnName: 'scale' }))).toEqual(['passed', 'passed'])
  })

  it('also calls a plain function when there is no class Solution', async () => {
    expect(statuses(await runLcbTests('def scale(nums, k):\n    return [x * k for x in nums]', tests, { ...opts, fnName: 'scale' }))).toEqual(['passed', 'passed'])
  })

  it('fails a return value JSON cannot carry (a set is not the expected list)', async () => {
    const run = await runLcbTests('class Solution:\n    def scale(self, nums, k):\n        return {x * k for x in nums}', tests, { ...opts, fnName: 'scale' })
    expect(run.outcomes[0]).toMatchObject({ status: 'runtime_error' })
    expect(run.outcomes[0].error).toMatch(/not JSON serializable/)
  })

  it('fails code that crashes on import (load_error), not unscored', async () => {
    const run = await runLcbTests('raise ValueError("boom")\nclass Solution: pass', tests, { ...opts, fnName: 'scale' })
    expect(run.phase).toBe('load_error')
    expect(scoreCodeRun(run, 2)).toMatchObject({ isCorrect: false, reason: 'load_error' })
  })

  it('leaves the sample unscored when an expected output is not JSON (broken test data)', async () => {
    const run = await runLcbTests('def scale(nums, k): return nums', fn([['[1]\n2', '[2,']]), { ...opts, fnName: 'scale' })
    expect(scoreCodeRun(run, 1)).toMatchObject({ isCorrect: null, reason: 'bad_test_data' })
  })
})

describe('runAssertTests', () => {
  const asserts = ['assert add(1, 2) == 3', 'assert add(-1, 1) == 0', 'assert add(2, 2) == 5', 'assert add("a", "b") == "ab"']

  it('counts the asserts that pass', async () => {
    const run = await runAssertTests('def add(a, b):\n    return a + b', asserts, opts)
    expect(statuses(run)).toEqual(['passed', 'passed', 'wrong_answer', 'passed'])
    expect(scoreCodeRun(run, 4)).toMatchObject({ isCorrect: false, score: 0.75, reason: 'wrong_answer' })
  })

  it('reports an exception in a test as a runtime error', async () => {
    const run = await runAssertTests('def add(a, b):\n    return int(a) + int(b)', asserts, opts)
    expect(run.outcomes[3]).toMatchObject({ status: 'runtime_error' })
    expect(run.outcomes[3].error).toMatch(/ValueError/)
  })

  it('gives a compile error no tests and a false verdict', async () => {
    const run = await runAssertTests('def add(a, b) return a + b', asserts, opts)
    expect(run.phase).toBe('compile_error')
    expect(scoreCodeRun(run, 4)).toMatchObject({ isCorrect: false, score: 0, reason: 'compile_error', metadata: { tests_passed: 0, tests_total: 4 } })
  })

  it('times out an endless function instead of hanging the harness', async () => {
    const run = await runAssertTests('def add(a, b):\n    while True:\n        pass', asserts, { ...opts, perTestTimeoutMs: 300 })
    expect(statuses(run)).toEqual(['timeout', 'not_run', 'not_run', 'not_run'])
  })
})

describe('sandbox failure', () => {
  it('is unscored (null, sandbox_error) when python cannot even start', async () => {
    const run = await runAssertTests('def f(): pass', ['assert f() is None'], { ...opts, memoryBytes: 4 * 1024 ** 2 })
    expect(run.phase).toBe('sandbox_error')
    expect(scoreCodeRun(run, 1)).toMatchObject({ isCorrect: null, score: null, reason: 'sandbox_error' })
  })
})

describe('runTestFunctions (pytest-style tests, coding_assistant)', () => {
  const opts = { perTestTimeoutMs: 2000, memoryBytes: 1024 ** 3 }
  const tests = 'from solution import Counter\n\n\ndef test_first():\n    c = Counter()\n    c.inc()\n    assert Counter.total == 1\n\n\ndef test_second():\n    Counter().inc()\n    assert Counter.total == 1\n\n\ndef test_wrong():\n    assert Counter.total == 5\n'
  const code = 'class Counter:\n    total = 0\n\n    def inc(self):\n        Counter.total += 1\n'

  it('calls each test against a fresh `solution` module: state does not leak from one test to the next', async () => {
    const run = await runTestFunctions(code, tests, opts)
    expect(run.names).toEqual(['test_first', 'test_second', 'test_wrong'])
    expect(run.outcomes.map((o) => o.status)).toEqual(['passed', 'passed', 'wrong_answer'])
  })

  it('a test that never returns times out; the ones after it are not run', async () => {
    const run = await runTestFunctions('def f():\n    while True:\n        pass\n', 'from solution import f\n\ndef test_a():\n    f()\n\ndef test_b():\n    pass\n', { ...opts, perTestTimeoutMs: 300 })
    expect(run.outcomes.map((o) => o.status)).toEqual(['timeout', 'not_run'])
  })

  it('a test module that does not parse is bad test data (unscored), checked before the code runs', async () => {
    const run = await runTestFunctions(code, 'def test_x(:\n    pass\n', opts)
    expect(run.phase).toBe('bad_tests')
  })
})
