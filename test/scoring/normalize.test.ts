import { describe, expect, test } from 'vitest'
import { normalizeShortAnswer, parseNumberLoose, shortAnswerMatch } from '../../src/scoring/normalize.ts'

describe('short answers', () => {
  test.each([
    ['Ada Quinlan', 'ada quinlan', true],
    ['"Ada Quinlan."', 'Ada Quinlan', true],
    ['The Beatles', 'Beatles', true],
    ['**1989**', '1989', true],
    ['$1,000', '1000', true],
    ['45%', '45', true],
    ['3.5 km', '3.5', true],
    ['1,024', '1024', true],
    ['(1,2)', '12', false],
    ['1,2', '12', false],
    ['2 million', '2', false],
    ['1,024 m', '1024', false],
    ['St. Louis', 'St Louis', false],
    ['', '', false],
    ['Paris', 'London', false],
  ])('%j vs %j → %s', (a, r, expected) => {
    expect(shortAnswerMatch(a, r)).toBe(expected)
  })

  test('numbers: thousands separators only in groups of three, nothing else is a number', () => {
    expect(parseNumberLoose('12,345.5')).toBe(12345.5)
    expect(parseNumberLoose('-$3')).toBe(-3)
    expect(parseNumberLoose('1,23')).toBeNull()
    expect(parseNumberLoose('abc')).toBeNull()
    expect(parseNumberLoose('')).toBeNull()
  })

  test('normalising keeps inner punctuation', () => {
    expect(normalizeShortAnswer('  J.R.R.  Tolkien! ')).toBe('j.r.r. tolkien')
  })
})
