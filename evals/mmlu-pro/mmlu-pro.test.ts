import { describe, expect, test, vi } from 'vitest'
import { MMLU_PRO_TEST_ROWS, writeHubFixtures } from '../../test/support/dataset-fixtures.ts'
import { useFakeHub } from '../../test/support/use-fake-hub.ts'
import { loadMmluPro, toRecord } from './loader.ts'

useFakeHub(writeHubFixtures)

describe('mmlu-pro', () => {
  test('loads the test split over HTTP: ids from question_id, subject = category, letters over the row’s own options', async () => {
    const rs = await loadMmluPro({ seed: 42, log: () => {} })
    expect(rs).toHaveLength(MMLU_PRO_TEST_ROWS.length)
    expect(rs[0]).toMatchObject({ record_id: 'mmlu-pro-7211', subject: 'math', category: 'reasoning', reference: 'D' })
    const four = rs.find((r) => r.record_id === 'mmlu-pro-7442')!
    expect(four.problem).toMatchInlineSnapshot(`
      "A fair die is rolled twice. What is the probability that both rolls are even?
      Options:
      A. 1/2
      B. 1/4
      C. 1/3
      D. 1/6
      Respond with the correct letter."
    `)
    expect(four.reference).toBe('B')
  })

  test('the validation split is a --split away', async () => {
    const rs = await loadMmluPro({ seed: 42, split: 'validation', log: () => {} })
    expect(rs.map((r) => r.record_id)).toEqual(['mmlu-pro-0', 'mmlu-pro-5', 'mmlu-pro-10'])
  })

  test('empty and N/A options are dropped without shifting the reference (answer_index decides)', () => {
    const r = toRecord({ question_id: 1, question: 'Q', options: ['x', 'N/A', '', 'y', 'z'], answer: 'D', answer_index: 3, category: 'c' })!
    expect(r.metadata.options).toEqual(['x', 'y', 'z'])
    expect(r.reference).toBe('B')
  })
})
