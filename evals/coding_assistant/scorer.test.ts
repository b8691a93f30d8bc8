// coding_assistant scoring through the real sandbox: tests are called, fixes and regressions are counted.
import { describe, expect, test } from 'vitest'
import { loadTasks, toRecord } from './loader.ts'
import { scoreAnswer } from './scorer.ts'

const task = (await loadTasks()).find((t) => t.id === 'medium-parse-duration')!
const record = toRecord(task)

describe('coding_assistant scorer', () => {
  test('the prompt has the three sections and the module name; subject is the tier', () => {
    expect(record).toMatchObject({ record_id: 'coding_assistant-medium-parse-duration', subject: 'medium', category: 'use-case' })
    expect(record.problem).toContain('The tests import the source code as the module `solution`.')
    expect(record.problem).toMatch(/## Bug Report\nparse_duration\('1h30m'\)[\s\S]+## Source Code\n```python\nimport re[\s\S]+## Test Suite\n```python\nfrom solution import parse_duration/)
  })

  test('code that only defines the function is wrong: the tests are CALLED (OpenJarvis passed any importable code)', async () => {
    const s = await scoreAnswer(record, '```python\ndef parse_duration(text):\n    pass\n```')
    expect(s).toMatchObject({ isCorrect: false, reason: 'not_fixed', metadata: { tests_fixed: 0, tests_to_fix: 3 } })
    expect(s.metadata.regressions).toBeGreaterThan(0)
  })

  test('fixing one bug of two: fix_rate counts the fixed failing tests', async () => {
    const half = task.buggy_code.replace('"m": 3600', '"m": 60')
    const s = await scoreAnswer(record, `Fixed the minutes:\n\`\`\`python\n${half}\`\`\``)
    expect(s).toMatchObject({ isCorrect: false, reason: 'not_fixed', metadata: { tests_fixed: 1, tests_to_fix: 3, regressions: 0, total_passing: 3, total_tests: 5 } })
    expect(s.metadata.fix_rate).toBeCloseTo(1 / 3, 9)
    expect(s.score).toBeCloseTo(3 / 5, 9)
  })

  test('a fix that breaks an originally passing test is a regression, hence wrong', async () => {
    const broken = task.fixed_code.replace('total = 0', 'total = 0 if text else None')
    const s = await scoreAnswer(record, `\`\`\`python\n${broken}\`\`\``)
    expect(s).toMatchObject({ isCorrect: false, reason: 'regression', metadata: { fix_rate: 1, regressions: 1, regressed_tests: ['test_empty'] } })
  })

  test('the block that defines the code wins over a trailing block of tests; compile errors are wrong', async () => {
    const withTests = `\`\`\`python\n${task.fixed_code}\`\`\`\n\nRun them with:\n\`\`\`python\n${task.test_code}\`\`\``
    expect(await scoreAnswer(record, withTests)).toMatchObject({ isCorrect: true, score: 1 })
    expect(await scoreAnswer(record, '```python\ndef parse_duration(text)\n    return 0\n```')).toMatchObject({ isCorrect: false, score: 0, reason: 'compile_error' })
    expect(await scoreAnswer(record, '')).toMatchObject({ isCorrect: false, reason: 'empty_response' })
  })
})
