import { describe, expect, test } from 'vitest'
import { SUPERGPQA_ROWS } from '../../test/support/dataset-fixtures.ts'
import { toRecord } from './loader.ts'

describe('supergpqa records', () => {
  test('id from the uuid, subject from subfield, reference from answer_letter, OpenJarvis prompt layout', () => {
    const r = toRecord(SUPERGPQA_ROWS[3])!
    expect(r.record_id).toBe(`supergpqa-${SUPERGPQA_ROWS[3].uuid}`)
    expect(r.subject).toBe('Thermodynamics and Statistical Physics')
    expect(r.reference).toBe('B')
    expect(r.problem).toMatchInlineSnapshot(`
      "Which quantity stays constant in a Joule–Thomson (throttling) process?
      Options:
      A. Internal energy
      B. Enthalpy
      C. Entropy
      D. Gibbs free energy
      Respond with the correct letter only."
    `)
  })

  test('a row without options or answer letter is dropped', () => {
    expect(toRecord({ ...SUPERGPQA_ROWS[0], options: [] })).toBeNull()
    expect(toRecord({ ...SUPERGPQA_ROWS[0], answer_letter: '' })).toBeNull()
  })
})
