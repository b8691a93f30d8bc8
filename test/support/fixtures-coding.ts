// Shared inputs for the code-scoring tests: the LiveCodeBench fixture rows (real columns, private tests
// encoded the real way by test/fixtures/livecodebench/make-rows.py) and model answers written as models
// write them (prose around a fenced block).
import { readFileSync } from 'node:fs'

export type LcbRow = Record<string, unknown> & { question_id: string }

export function lcbRows(): LcbRow[] {
  const text = readFileSync(new URL('../fixtures/livecodebench/rows.jsonl', import.meta.url), 'utf8')
  return text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as LcbRow)
}

export function lcbRow(questionId: string): LcbRow {
  const row = lcbRows().find((r) => r.question_id === questionId)
  if (!row) throw new Error(`no fixture row ${questionId}`)
  return row
}

export const fenced = (code: string, lead = 'Here is my solution.') => `${lead}\n\n\`\`\`python\n${code.trim()}\n\`\`\`\n\nIt runs in linear time.`

/** Answers per fixture problem: right, wrong, and broken. */
export const LCB_ANSWERS = {
  abc900_a: {
    // Reads with open(0) and writes through sys.stdout: both must see this test's stdin/stdout.
    correct: 'n, *a = map(int, open(0).read().split())\nimport sys\nsys.stdout.write(str(sum(a)) + "\\n")',
    // Right on the public examples, wrong on a private test (it ignores zero sums... by printing 1).
    publicOnly: 'n = int(input())\na = list(map(int, input().split()))\ns = sum(a)\nprint(s if s else 1)',
    wrong: 'n = int(input())\nprint(n)',
    syntaxError: 'n = int(input()\nprint(n)',
    slow: 'import time\nwhile True:\n    time.sleep(0.01)',
  },
  '9901': {
    correct: 'class Solution:\n    def removeTrailingZeros(self, num: str) -> str:\n        return num.rstrip("0")',
    wrong: 'class Solution:\n    def removeTrailingZeros(self, num: str) -> str:\n        return num[:-1]',
  },
  '9902': {
    // Returns a tuple: LiveCodeBench accepts it as the list it expects.
    correct:
      'class Solution:\n    def pairWithTargetSum(self, nums: List[int], target: int) -> List[int]:\n        seen = {}\n        for j, x in enumerate(nums):\n            if target - x in seen:\n                return (seen[target - x], j)\n            seen[x] = j',
    wrongName: 'class Solution:\n    def twoSum(self, nums, target):\n        return [0, 1]',
  },
  '9999_A': {
    // More digits than the expected output: accepted within 1e-6.
    correct: 'import sys\nt = int(sys.stdin.readline())\nfor _ in range(t):\n    a, b = map(int, sys.stdin.readline().split())\n    print(a / b)',
    rounded: 'import sys\nt = int(sys.stdin.readline())\nfor _ in range(t):\n    a, b = map(int, sys.stdin.readline().split())\n    print(round(a / b, 2))',
  },
} as const
