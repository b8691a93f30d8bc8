import { describe, expect, test } from 'vitest'
import { extractBoxed, extractFinalAnswer } from '../../src/scoring/math/index.ts'

describe('extractBoxed', () => {
  test('keeps nested braces whole', () => {
    expect(extractBoxed('so $\\boxed{\\frac{1}{2}}$.')).toBe('\\frac{1}{2}')
    expect(extractBoxed('\\boxed{\\left( 3, \\frac{\\pi}{2} \\right)}')).toBe('\\left( 3, \\frac{\\pi}{2} \\right)')
  })
  test('takes the last boxed answer, not the first', () => {
    expect(extractBoxed('First \\boxed{4}, but correcting the sign: \\boxed{-4}')).toBe('-4')
  })
  test('reads \\fbox and the brace-less \\boxed 5', () => {
    expect(extractBoxed('\\fbox{7}')).toBe('7')
    expect(extractBoxed('answer: $\\boxed 5$')).toBe('5')
  })
  test('ignores an escaped brace inside the group', () => {
    expect(extractBoxed('\\boxed{\\{1, 2\\}}')).toBe('\\{1, 2\\}')
  })
  test('returns null without a boxed answer or with an unbalanced one', () => {
    expect(extractBoxed('The answer is 5')).toBeNull()
    expect(extractBoxed('\\boxed{\\frac{1}{2}')).toBeNull()
  })
})

describe('extractFinalAnswer', () => {
  const cases: [string, string, string][] = [
    ['Thus $x=2$ and $\\boxed{5}$.', '5', 'boxed'],
    ['Work...\nThe answer is $\\frac{3}{4}$.', '\\frac{3}{4}', 'labelled'],
    ['Work...\nFinal answer: 12', '12', 'labelled'],
    ['**Final Answer:** $(1, 2)$', '(1, 2)', 'labelled'],
    ['Answer: (C)', '(C)', 'labelled'],
    ['- Answer: -5', '-5', 'labelled'],
    ['I first thought the answer is 3.\nOn reflection, the answer is 4.', '4', 'labelled'],
    ['The answer is 5. Next we check the discriminant.', '5', 'labelled'],
    ['Answer: St. Louis', 'St. Louis', 'labelled'],
    // the one math span of the final sentence is stated explicitly enough to be graded wrong (issue 12)
    ['We compute.\n\n$$x = 7$$\n', 'x = 7', 'last_span'],
    ['<think>The answer is 3?</think>\nThe answer is 9', '9', 'labelled'],
    ['3.5.', '3.5', 'last_span'],
    ['Some work.\n\nThe area is $12$. Let me know if you have questions!', '12', 'last_line'],
    ['Long text with no math at all', 'Long text with no math at all', 'last_line'],
  ]
  test.each(cases)('%j → %s (%s)', (text, answer, method) => {
    expect(extractFinalAnswer(text)).toEqual({ answer, method })
  })
  test('returns null for an empty reply', () => {
    expect(extractFinalAnswer('  \n ')).toBeNull()
  })
})
