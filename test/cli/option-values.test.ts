import { describe, expect, it } from 'vitest'
import { MAX_TIMEOUT_S, queryTimeoutValue, temperatureValue } from '../../src/cli/option-values.ts'
import { parseRunArgs } from '../../src/cli/run-options.ts'

describe('flag values (issue 17)', () => {
  it('--temperature: 0 to 2, and a negative value is read as the value, not as an option', () => {
    expect(temperatureValue('0.7')).toBe(0.7)
    expect(() => temperatureValue('-1')).toThrowErrorMatchingInlineSnapshot(`[JarvisError: --temperature "-1": expected a number from 0 to 2.]`)
    expect(() => parseRunArgs(['-b', 'gpqa', '-m', 'x', '--temperature', '-1'])).toThrowErrorMatchingInlineSnapshot(`[JarvisError: --temperature "-1": expected a number from 0 to 2.]`)
    expect(parseRunArgs(['-b', 'gpqa', '-m', 'x', '--seed', '-3']).overrides.seed).toBe(-3)
  })

  it('--query-timeout: above 0, within what a timer can hold', () => {
    expect(queryTimeoutValue('1.5')).toBe(1.5)
    expect(queryTimeoutValue(String(MAX_TIMEOUT_S))).toBe(MAX_TIMEOUT_S)
    for (const v of ['0', '-2', '1e10', 'Infinity', 'NaN', '', 'soon'])
      expect(() => queryTimeoutValue(v), v).toThrow(`--query-timeout ${JSON.stringify(v)}: expected seconds, a number above 0 and at most 2147483 (24.8 days).`)
  })
})
