// LiveCodeBench scoring on rows shaped exactly like code_generation_lite (test/fixtures/livecodebench):
// the real sandbox runs the answers against public + private tests.
import { describe, expect, it } from 'vitest'
import { fenced, LCB_ANSWERS, lcbRow } from '../../test/support/fixtures-coding.ts'
import { toRecord } from './loader.ts'
import { scoreAnswer } from './scorer.ts'

const record = (id: string) => toRecord(lcbRow(id))
const A = LCB_ANSWERS

describe('livecodebench scorer: stdin problems', () => {
  it('passes a correct program on all public and private tests, including a large private input', async () => {
    const s = await scoreAnswer(record('abc900_a'), fenced(A.abc900_a.correct))
    expect(s.isCorrect).toBe(true)
    expect(s.score).toBe(1)
    expect(s.metadata).toMatchObject({ tests_passed: 5, tests_total: 5, public_tests: 2, private_tests: 3, testtype: 'stdin', code_source: 'fence' })
    expect(s.expected).toMatchInlineSnapshot(`"all 5 tests pass (2 public + 3 private, stdin)"`)
  })

  it('fails a program that is right on the public examples but wrong on a private test', async () => {
    const s = await scoreAnswer(record('abc900_a'), fenced(A.abc900_a.publicOnly))
    expect(s.isCorrect).toBe(false)
    expect(s.reason).toBe('wrong_answer')
    expect(s.metadata).toMatchObject({ tests_passed: 4, tests_total: 5, first_failure: 2 })
    expect(s.score).toBeCloseTo(0.8)
  })

  it('fails wrong output', async () => {
    const s = await scoreAnswer(record('abc900_a'), fenced(A.abc900_a.wrong))
    expect(s.isCorrect).toBe(false)
    expect(s.metadata.tests_passed).toBe(0)
  })

  it('counts a compile error as wrong, not unscored', async () => {
    const s = await scoreAnswer(record('abc900_a'), fenced(A.abc900_a.syntaxError))
    expect(s).toMatchObject({ isCorrect: false, score: 0, reason: 'compile_error' })
    expect(String(s.metadata.error)).toMatch(/SyntaxError/)
  })

  it('counts an empty answer as wrong', async () => {
    const s = await scoreAnswer(record('abc900_a'), '   ')
    expect(s).toMatchObject({ isCorrect: false, reason: 'empty_response' })
  })

  it('accepts floats within 1e-6 and rejects a rounded answer', async () => {
    expect((await scoreAnswer(record('9999_A'), fenced(A['9999_A'].correct))).isCorrect).toBe(true)
    const rounded = await scoreAnswer(record('9999_A'), fenced(A['9999_A'].rounded))
    expect(rounded).toMatchObject({ isCorrect: false, reason: 'wrong_answer' })
  })
})

describe('livecodebench scorer: LeetCode-style functional problems', () => {
  it('calls Solution().<func_name>(*args) on every public and private test', async () => {
    const s = await scoreAnswer(record('9901'), fenced(A['9901'].correct))
    expect(s.isCorrect).toBe(true)
    expect(s.metadata).toMatchObject({ tests_passed: 5, tests_total: 5, testtype: 'functional' })
  })

  it('accepts a tuple where a list is expected and passes multi-argument inputs', async () => {
    const s = await scoreAnswer(record('9902'), fenced(A['9902'].correct))
    expect(s.isCorrect).toBe(true)
  })

  it('fails a wrong return value', async () => {
    const s = await scoreAnswer(record('9901'), fenced(A['9901'].wrong))
    expect(s).toMatchObject({ isCorrect: false, reason: 'wrong_answer' })
  })

  it('fails code that does not define the method the tests call', async () => {
    const s = await scoreAnswer(record('9902'), fenced(A['9902'].wrongName))
    expect(s).toMatchObject({ isCorrect: false, reason: 'missing_entry_point' })
  })
})

describe('livecodebench scorer: unscored samples', () => {
  it('leaves a sample unscored when its private tests cannot be decoded', async () => {
    const r = record('9901')
    r.metadata.private_test_cases = 'eJzLSM3JyVcozy/KSQEAGgsEXQ==' // zlib of "hello world", not a pickle
    const s = await scoreAnswer(r, fenced(A['9901'].correct))
    expect(s.isCorrect).toBeNull()
    expect(s.reason).toBe('bad_test_data')
    expect(s.metadata.error).toMatchInlineSnapshot(`"private_test_cases: not base64(zlib(pickle(JSON))) (pickle opcode 0x68 at byte 0 is not part of a pickled str)"`)
  })
})
