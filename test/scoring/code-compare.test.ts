// Output comparison: stdout like LiveCodeBench (plus a float tolerance), return values like Python's ==.
import { describe, expect, it } from 'vitest'
import { stdoutMatches } from '../../src/scoring/code/compare-stdout.ts'
import { pyJsonEqual } from '../../src/scoring/code/py-json-equal.ts'

describe('stdoutMatches', () => {
  it('ignores surrounding whitespace, trailing spaces and CRLF line ends', () => {
    expect(stdoutMatches('1 2\r\n3   \n\n', '1 2\n3')).toBe(true)
    expect(stdoutMatches('  yes', 'yes\n')).toBe(true)
  })

  it('needs the same number of lines', () => {
    expect(stdoutMatches('1\n2', '1 2')).toBe(false)
    expect(stdoutMatches('1\n\n2', '1\n2')).toBe(false)
  })

  it('compares integers exactly, however large', () => {
    expect(stdoutMatches('50000000000000001', '50000000000000000')).toBe(false)
    expect(stdoutMatches('007 +5', '7 5')).toBe(true)
  })

  it('accepts floats within 1e-6 absolute or relative error, not more', () => {
    expect(stdoutMatches('0.3333333333', '0.333333')).toBe(true)
    expect(stdoutMatches('2.0 1e3', '2 1000.0')).toBe(true)
    expect(stdoutMatches('123456789.5', '123456789.6')).toBe(true)
    expect(stdoutMatches('0.33', '0.333333')).toBe(false)
    expect(stdoutMatches('1.0000021', '1.0')).toBe(false)
  })

  it('does not treat words as numbers', () => {
    expect(stdoutMatches('Yes', 'YES')).toBe(false)
    expect(stdoutMatches('1 a', '1 b')).toBe(false)
  })
})

describe('pyJsonEqual', () => {
  it('follows Python ==: int and float, bool and int', () => {
    expect(pyJsonEqual('1.0', '1')).toBe(true)
    expect(pyJsonEqual('true', '1')).toBe(true)
    expect(pyJsonEqual('false', '0')).toBe(true)
    expect(pyJsonEqual('null', '0')).toBe(false)
    expect(pyJsonEqual('"1"', '1')).toBe(false)
  })

  it('keeps big integers exact where JSON.parse would round them', () => {
    expect(pyJsonEqual('1180591620717411303425', '1180591620717411303424')).toBe(false)
    expect(pyJsonEqual('100000000000000000000', '1e20')).toBe(true)
  })

  it('compares lists in order and dicts by keys, recursively', () => {
    expect(pyJsonEqual('[1, [2, 3]]', '[1,[2,3]]')).toBe(true)
    expect(pyJsonEqual('[1, 2]', '[2, 1]')).toBe(false)
    expect(pyJsonEqual('{"b": [1], "a": 2}', '{"a": 2.0, "b": [1]}')).toBe(true)
    expect(pyJsonEqual('{"a": 1}', '{"a": 1, "b": 2}')).toBe(false)
  })

  it('reads what json.dumps writes for special floats, and NaN equals nothing', () => {
    expect(pyJsonEqual('Infinity', 'Infinity')).toBe(true)
    expect(pyJsonEqual('NaN', 'NaN')).toBe(false)
  })

  it('rejects text that is not JSON', () => {
    expect(() => pyJsonEqual('[1,', '[1]')).toThrow(SyntaxError)
  })
})
