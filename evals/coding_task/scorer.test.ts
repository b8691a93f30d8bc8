// coding_task scoring through the real sandbox: correct, wrong and non-compiling answers.
import { describe, expect, it } from 'vitest'
import { toRecord } from './loader.ts'
import { scoreAnswer } from './scorer.ts'
import { TASKS } from './tasks.ts'

const record = toRecord(TASKS.find((t) => t.id === 'merge_intervals')!)

describe('coding_task scorer', () => {
  it('builds records with stable ids, the use-case category and the OpenJarvis prompt shape', () => {
    expect(record).toMatchObject({ record_id: 'coding_task-merge_intervals', category: 'use-case', subject: 'coding_task' })
    expect(record.problem).toMatchInlineSnapshot(`
      "Write a Python function that solves the following problem. Return ONLY the function definition (with any imports it needs) in a \`\`\`python code block.

      Problem: Given a list of [start, end] intervals, merge all overlapping (or touching) intervals and return them sorted by start.

      Function signature:
      def merge_intervals(intervals: list[list[int]]) -> list[list[int]]:

      Examples:
      merge_intervals([[1, 3], [2, 6], [8, 10]]) == [[1, 6], [8, 10]]"
    `)
  })

  it('marks a correct answer correct, with the pass rate', async () => {
    const answer = 'Sort, then sweep:\n\n```python\ndef merge_intervals(intervals):\n    res = []\n    for a, b in sorted(intervals):\n        if res and a <= res[-1][1]:\n            res[-1][1] = max(res[-1][1], b)\n        else:\n            res.append([a, b])\n    return res\n```'
    const s = await scoreAnswer(record, answer)
    expect(s).toMatchObject({ isCorrect: true, score: 1, metadata: { tests_passed: 5, tests_total: 5, pass_rate: 1, code_source: 'fence' } })
  })

  it('marks a partly wrong answer wrong and keeps its pass rate', async () => {
    // Forgets that touching intervals merge: [[1, 4], [4, 5]] stays apart.
    const answer = '```python\ndef merge_intervals(intervals):\n    res = []\n    for a, b in sorted(intervals):\n        if res and a < res[-1][1]:\n            res[-1][1] = max(res[-1][1], b)\n        else:\n            res.append([a, b])\n    return res\n```'
    const s = await scoreAnswer(record, answer)
    expect(s).toMatchObject({ isCorrect: false, score: 0.8, reason: 'wrong_answer', metadata: { tests_passed: 4, tests_total: 5, first_failure: 1 } })
  })

  it('marks a non-compiling answer wrong (OpenJarvis left it unscored)', async () => {
    const s = await scoreAnswer(record, '```python\ndef merge_intervals(intervals)\n    return intervals\n```')
    expect(s).toMatchObject({ isCorrect: false, score: 0, reason: 'compile_error', metadata: { tests_passed: 0, tests_total: 5 } })
  })

  it('marks an answer without the function wrong, and an empty answer wrong', async () => {
    expect(await scoreAnswer(record, '```python\ndef merge(xs):\n    return xs\n```')).toMatchObject({ isCorrect: false, score: 0, reason: 'missing_entry_point' })
    expect(await scoreAnswer(record, '')).toMatchObject({ isCorrect: false, reason: 'empty_response' })
  })
})
