// LiveCodeBench test data: the private tests' base64 → zlib → pickle → JSON encoding, decoded in Node.
import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { decodePrivateTests, encodePrivateTests, parseTestCases } from '../../src/scoring/code/lcb-tests.ts'
import { unpickleString } from '../../src/scoring/code/unpickle-string.ts'
import { lcbRow } from '../support/fixtures-coding.ts'

const b64 = (s: string) => Buffer.from(s, 'base64')
const TEXT = '[{"input": "1", "output": "é✓", "testtype": "stdin"}]'

// Written by python3 -c "pickle.dumps(TEXT, protocol=p)".
const PICKLES = {
  2: 'gAJYOAAAAFt7ImlucHV0IjogIjEiLCAib3V0cHV0IjogIsOp4pyTIiwgInRlc3R0eXBlIjogInN0ZGluIn1dcQAu',
  3: 'gANYOAAAAFt7ImlucHV0IjogIjEiLCAib3V0cHV0IjogIsOp4pyTIiwgInRlc3R0eXBlIjogInN0ZGluIn1dcQAu',
  4: 'gASVPAAAAAAAAACMOFt7ImlucHV0IjogIjEiLCAib3V0cHV0IjogIsOp4pyTIiwgInRlc3R0eXBlIjogInN0ZGluIn1dlC4=',
  5: 'gAWVPAAAAAAAAACMOFt7ImlucHV0IjogIjEiLCAib3V0cHV0IjogIsOp4pyTIiwgInRlc3R0eXBlIjogInN0ZGluIn1dlC4=',
}

describe('unpickleString', () => {
  it.each(Object.entries(PICKLES))('reads a str pickled with protocol %s', (_, data) => {
    expect(unpickleString(b64(data))).toBe(TEXT)
  })

  it('refuses a pickle that would call a function instead of executing it', () => {
    // pickle.dumps of an object whose __reduce__ is (os.system, ('echo pwned',))
    expect(() => unpickleString(b64('gASVJQAAAAAAAACMBXBvc2l4lIwGc3lzdGVtlJOUjAplY2hvIHB3bmVklIWUUpQu'))).toThrowErrorMatchingInlineSnapshot(
      `[PickleError: pickle holds more than one value]`,
    )
    // pickle.dumps(['a'])
    expect(() => unpickleString(b64('gASVCAAAAAAAAABdlIwBYZRhLg=='))).toThrowErrorMatchingInlineSnapshot(
      `[PickleError: pickle opcode 0x5d at byte 11 is not part of a pickled str]`,
    )
  })
})

describe('LiveCodeBench test cases', () => {
  it('decodes the private tests of a real-shaped row, big unframed pickle included', () => {
    const tests = decodePrivateTests(lcbRow('abc900_a').private_test_cases)
    expect(tests).toHaveLength(3)
    expect(tests[0]).toEqual({ input: '2\n0 0\n', output: '0\n', testtype: 'stdin' })
    expect(tests[2].input.length).toBeGreaterThan(100_000)
    expect(decodePrivateTests(lcbRow('9902').private_test_cases)[1]).toEqual({ input: '[-1, -2, -3, -4, -5]\n-8', output: '[2, 4]', testtype: 'functional' })
  })

  it('also takes private tests stored as plain JSON (livecodebench/code_generation), like LiveCodeBench does', () => {
    expect(decodePrivateTests(TEXT)).toEqual([{ input: '1', output: 'é✓', testtype: 'stdin' }])
    expect(decodePrivateTests('')).toEqual([])
  })

  it('encodes private tests so that Python reads them back the way LiveCodeBench does', () => {
    const tests = [{ input: 'x\n', output: 'ünï\n', testtype: 'stdin' as const }]
    const encoded = encodePrivateTests(tests)
    expect(decodePrivateTests(encoded)).toEqual(tests)
    const py = spawnSync('python3', ['-c', 'import base64, json, pickle, sys, zlib; print(json.loads(pickle.loads(zlib.decompress(base64.b64decode(sys.argv[1]))))[0]["output"])', encoded], {
      encoding: 'utf8',
    })
    expect(py.stdout).toBe('ünï\n\n')
  })

  it('names the column when the test data is broken', () => {
    expect(() => parseTestCases('[{"input": "1"}]')).toThrowErrorMatchingInlineSnapshot(
      `[TestDataError: public_test_cases: not a list of {input, output, testtype} (Invalid input: expected string, received undefined)]`,
    )
    expect(() => decodePrivateTests('!!!')).toThrow(/private_test_cases: not base64\(zlib\(pickle\(JSON\)\)\)/)
  })
})
