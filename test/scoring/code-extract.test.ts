// Which code is taken from a model's answer.
import { describe, expect, it } from 'vitest'
import { extractCode } from '../../src/scoring/code/extract-code.ts'

describe('extractCode', () => {
  it('takes the last python block: the corrected version, not the first draft', () => {
    const answer = 'First try:\n```python\ndef f(x):\n    return x\n```\nOops, fixed:\n```python\ndef f(x):\n    return x + 1\n```'
    expect(extractCode(answer)).toEqual({ code: 'def f(x):\n    return x + 1', source: 'fence' })
  })

  it('prefers the last block defining the entry point over a trailing usage example', () => {
    const answer = '```python\ndef solve(n):\n    return n * 2\n```\nUsage:\n```python\nprint(solve(3))\n```'
    expect(extractCode(answer, { entryPoint: 'solve' }).code).toBe('def solve(n):\n    return n * 2')
    expect(extractCode(answer).code).toBe('print(solve(3))')
  })

  it('finds an entry point that is a method of class Solution', () => {
    const answer = '```python\nclass Solution:\n    def maxSum(self, a):\n        return sum(a)\n```\n```python\nprint(Solution().maxSum([1]))\n```'
    expect(extractCode(answer, { entryPoint: 'maxSum' }).code).toContain('class Solution')
  })

  it('prefers python-tagged blocks over bare ones (sample output), and ignores other languages', () => {
    const answer = '```python\nprint(int(input()) * 2)\n```\nOutput:\n```\n6\n```\n```bash\npython3 sol.py\n```'
    expect(extractCode(answer).code).toBe('print(int(input()) * 2)')
    expect(extractCode('```\nx = 1\n```').code).toBe('x = 1')
  })

  it('takes a block cut off by max_tokens to the end of the answer', () => {
    expect(extractCode('Sure.\n```py\ndef f():\n    return 1').code).toBe('def f():\n    return 1')
  })

  it('ignores code inside <think> sections', () => {
    const answer = '<think>\n```python\ndef f(): return 0\n```\n</think>\nDone.\ndef f():\n    return 42'
    expect(extractCode(answer)).toEqual({ code: 'def f():\n    return 42', source: 'lines' })
  })

  it('without a fence, starts at the first def/class/import line; stdin programs also at script lines', () => {
    expect(extractCode('The answer:\nimport sys\ndef f(): pass')).toEqual({ code: 'import sys\ndef f(): pass', source: 'lines' })
    expect(extractCode('Read n then print:\nn = int(input())\nprint(n)', { script: true }).code).toBe('n = int(input())\nprint(n)')
    expect(extractCode('Read n then print:\nn = int(input())\nprint(n)').source).toBe('whole')
  })

  it('returns the whole answer when nothing looks like code, and nothing for an empty answer', () => {
    expect(extractCode('I cannot solve this.')).toEqual({ code: 'I cannot solve this.', source: 'whole' })
    expect(extractCode('  \n').code).toBe('')
  })
})
