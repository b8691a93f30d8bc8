// The math grader's fidelity table (issue 12), in the style of inspect_ai's tests/scorer/math_cases.json: each
// row is a class of grading error (false positives first), a target, and the model's final answer (`answer`,
// compared by mathEquivalent) or whole response (`response`, through the MATH-500 fast path with its
// extraction). `expected`: true / false / "unsure" for answers; true / false / null (the judge decides) for
// responses. A false positive (a wrong answer counted right) must never happen.
import { describe, expect, test } from 'vitest'
import { mathEquivalent } from '../../src/scoring/math/index.ts'
import { mathFastPath } from '../../src/scoring/math/fast-path.ts'
import cases from './math-fidelity-cases.json'

interface Case {
  class: string
  target: string
  answer?: string
  response?: string
  expected: boolean | 'unsure' | null
}

const rows = cases as Case[]
const classes = [...new Set(rows.map((r) => r.class))]

describe.each(classes)('%s', (cls) => {
  const mine = rows.filter((r) => r.class === cls)
  test.each(mine.filter((r) => r.answer !== undefined).map((r) => [r.answer!, r.target, r.expected] as const))('%s vs %s → %s', (answer, target, expected) => {
    expect(mathEquivalent(answer, target).equivalent).toBe(expected)
  })
  test.each(mine.filter((r) => r.response !== undefined).map((r) => [r.response!, r.target, r.expected] as const))('%j vs %s → %s', (response, target, expected) => {
    const fast = mathFastPath(response, target, { decideFalse: true })
    expect(fast.score === null ? null : fast.score.isCorrect).toBe(expected)
  })
})

test('the table covers every class the issue names', () => {
  expect(classes).toEqual(['latex-functions', 'sampling', 'units', 'decimal-comma', 'number-forms', 'equations', 'inequalities', 'sets', 'several-boxes', 'free-text'])
})
