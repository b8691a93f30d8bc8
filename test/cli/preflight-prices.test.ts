// The cost warning of preflight: one line per cloud model no price is known for, inference or judge.
import { describe, expect, test } from 'vitest'
import { expandSuite } from '../../src/config/expand.ts'
import { parseSuite } from '../../src/config/load.ts'
import { unpricedWarnings } from '../../src/cli/preflight.ts'

const runs = (raw: Record<string, unknown>) => expandSuite(parseSuite(raw, 'suite.toml'), {}, { source: 'suite.toml', env: {} })

describe('unpricedWarnings', () => {
  test('an unknown cloud model gets one line however many benchmarks it runs; known and local models none', () => {
    const r = runs({ models: [{ name: 'gpt-9-turbo', engine: 'cloud' }, { name: 'gpt-5-mini' }, { name: 'qwen3:8b' }], benchmarks: [{ name: 'supergpqa' }, { name: 'gpqa' }] })
    expect(unpricedWarnings(r)).toMatchInlineSnapshot(`
      [
        "no price known for cloud model "gpt-9-turbo": its cost_usd is 0. Add [pricing."gpt-9-turbo"] with input_per_million and output_per_million (USD) to the TOML.",
      ]
    `)
  })

  test('the judge of a judged benchmark is priced too; a [pricing] entry silences the warning', () => {
    const raw = { judge: { model: 'claude-future-9' }, models: [{ name: 'qwen3:8b' }], benchmarks: [{ name: 'daily_digest' }] }
    expect(unpricedWarnings(runs(raw))).toHaveLength(1)
    expect(unpricedWarnings(runs({ ...raw, pricing: { 'claude-future-9': { input_per_million: 3, output_per_million: 15 } } }))).toEqual([])
    // a benchmark that never asks the judge does not need its price
    expect(unpricedWarnings(runs({ ...raw, benchmarks: [{ name: 'coding_assistant' }] }))).toEqual([])
  })
})
