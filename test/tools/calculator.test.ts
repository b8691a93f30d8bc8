import { describe, expect, test } from 'vitest'
import { calculatorTool } from '../../src/tools/calculator.ts'

const calc = calculatorTool()
const run = (expression: string) => calc.call({ expression }, { environment: null })

describe('calculator', () => {
  test('evaluates arithmetic, functions, units, statistics and ranges', async () => {
    expect((await run('1234 * 5678')).content).toBe('7006652')
    expect((await run('sqrt(2) ^ 2')).content).toBe('2')
    expect((await run('5 cm to inch')).content).toBe('1.9685039370079 inch')
    expect((await run('mean([2, 4, 9])')).content).toBe('5')
    expect((await run('sum(1:10)')).content).toBe('55')
    expect((await run('det([[1, 2], [3, 4]])')).content).toBe('-2')
  })

  test('runs no code: JavaScript escapes, the parser itself and imports are refused as tool errors', async () => {
    for (const attack of [
      'constructor',
      '"".constructor.constructor("return process")()',
      'cos.constructor("return process.env")()',
      'import({ x: 1 })',
      'parse("1+1")',
      'evaluate("process")',
      'createUnit("foo")',
      'f(x) = x',
      'process.exit(1)',
      'require("fs")',
    ]) {
      const r = await run(attack)
      expect(r.isError, attack).toBe(true)
      expect(r.content, attack).toMatch(/^error: /)
    }
    expect(process.exitCode ?? 0).toBe(0)
  })

  test('allocations that would take the worker down are refused', async () => {
    expect(await run('ones(100000, 100000)')).toEqual({ content: 'error: ones: at most 1000000 elements in the calculator', isError: true })
    expect(await run('1:1e10')).toEqual({ content: 'error: range: at most 1000000 elements in the calculator', isError: true })
    expect((await run('zeros(2, 3)')).content).toBe('[[0, 0, 0], [0, 0, 0]]')
  })

  test('bad arguments are messages for the model, thrown so the agent returns them as a tool error', async () => {
    await expect(calc.call({}, { environment: null })).rejects.toThrow('missing argument "expression" (a string)')
    await expect(calc.call({ expression: 42 }, { environment: null })).rejects.toThrow('argument "expression" must be a string, got number')
    expect(await run('2 +')).toMatchObject({ isError: true, content: expect.stringMatching(/^error: Unexpected end of expression/) })
  })
})
