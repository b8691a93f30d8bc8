// The LiveCodeBench loader: real columns → records, version tags → release files, downloaded through the
// real @huggingface/hub client from the fake Hub on 127.0.0.1; big private tests parked on disk.
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { writeRepoFile } from '../../test/support/dataset-fixtures.ts'
import { startFakeHub, type FakeHub } from '../../test/support/fake-hub.ts'
import { fenced, LCB_ANSWERS, lcbRow, lcbRows } from '../../test/support/fixtures-coding.ts'
import { filesForVersion, loadLiveCodeBench, toRecord } from './loader.ts'
import { removePrivateStore } from './private-store.ts'
import { scoreAnswer } from './scorer.ts'

describe('toRecord', () => {
  it('keeps the dataset id, platform/difficulty subject and coding category', () => {
    const r = toRecord(lcbRow('9902'))
    expect(r).toMatchObject({ record_id: 'livecodebench-9902', subject: 'leetcode/medium', category: 'coding' })
    expect(r.metadata).toMatchObject({ func_name: 'pairWithTargetSum', contest_id: 'biweekly-contest-902', platform: 'leetcode' })
  })

  it("asks LeetCode problems to complete the starter code, with LiveCodeBench's system message", () => {
    const r = toRecord(lcbRow('9901'))
    expect(r.system).toMatch(/^You are an expert Python programmer/)
    expect(r.problem).toMatchInlineSnapshot(`
      "### Question:
      Given a positive integer num represented as a string, return the integer num without trailing zeros as a string.

      Example 1:

      Input: num = "51230100"
      Output: "512301"

      ### Format: You will use the following starter code to write the solution to the problem and enclose your code within delimiters.
      \`\`\`python
      class Solution:
          def removeTrailingZeros(self, num: str) -> str:
              
      \`\`\`

      ### Answer: (use the provided format with backticks)

      "
    `)
  })

  it('asks stdin problems for a program that reads stdin and writes stdout', () => {
    expect(toRecord(lcbRow('abc900_a')).problem).toContain(
      '### Format: Read the inputs from stdin solve the problem and write the answer to stdout (do not directly test on the sample inputs). Enclose your code within delimiters as follows.\n```python\n# YOUR CODE HERE\n```',
    )
  })

  it('says which columns are missing when the rows are not LiveCodeBench rows', () => {
    expect(() => toRecord({ question: 'x' })).toThrowErrorMatchingInlineSnapshot(
      `[JarvisError: livecodebench: a row has no question_id, question_content, platform, difficulty, public_test_cases, private_test_cases column (columns: question). Is this livecodebench/code_generation_lite?]`,
    )
  })
})

describe('filesForVersion', () => {
  it('maps version tags to release files the way the dataset script does', () => {
    expect(filesForVersion()).toEqual(['test.jsonl', 'test2.jsonl', 'test3.jsonl', 'test4.jsonl', 'test5.jsonl', 'test6.jsonl'])
    expect(filesForVersion('release_v2')).toEqual(['test.jsonl', 'test2.jsonl'])
    expect(filesForVersion('v6')).toEqual(['test6.jsonl'])
    expect(filesForVersion('v4_v5')).toEqual(['test4.jsonl', 'test5.jsonl'])
  })

  it('rejects an unknown tag with a suggestion', () => {
    expect(() => filesForVersion('release_v7')).toThrowErrorMatchingInlineSnapshot(
      `[JarvisError: livecodebench: subset "release_v7" is not a LiveCodeBench version tag. Did you mean "release_v1" or "release_v2" or "release_v3"? Use release_v1 … release_v6, release_latest, v1 … v6 or a range like v5_v6.]`,
    )
  })
})

describe('loadLiveCodeBench from the Hub', () => {
  let root: string
  let cache: string
  let hub: FakeHub
  const saved = { ...process.env }

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'jarvis-lcb-hub-'))
    cache = await mkdtemp(join(tmpdir(), 'jarvis-lcb-cache-'))
    const rows = lcbRows()
    const jsonl = (rs: typeof rows) => rs.map((r) => JSON.stringify(r)).join('\n') + '\n'
    await writeRepoFile(root, 'livecodebench/code_generation_lite', 'test.jsonl', jsonl(rows.slice(0, 2)))
    await writeRepoFile(root, 'livecodebench/code_generation_lite', 'test2.jsonl', jsonl(rows.slice(2)))
    hub = await startFakeHub({ root })
    Object.assign(process.env, { HF_ENDPOINT: hub.url, HF_HUB_CACHE: cache, HF_HUB_OFFLINE: '' })
    vi.spyOn(console, 'debug').mockImplementation(() => {})
  })
  afterAll(async () => {
    removePrivateStore()
    process.env = saved
    await hub.close()
    await Promise.all([root, cache].map((d) => rm(d, { recursive: true, force: true })))
  })

  it('reads the release files of the version tag, in order', async () => {
    const log = vi.fn()
    const records = await loadLiveCodeBench({ subset: 'release_v2', seed: 42, log })
    expect(records.map((r) => r.record_id)).toEqual(['livecodebench-abc900_a', 'livecodebench-9901', 'livecodebench-9902', 'livecodebench-9999_A'])
    expect(log.mock.calls.map((c) => c[0])).toEqual(['test.jsonl: 2 problems', 'test2.jsonl: 2 problems'])
    expect((await loadLiveCodeBench({ subset: 'v2', seed: 42, log })).map((r) => r.record_id)).toEqual(['livecodebench-9902', 'livecodebench-9999_A'])
  })

  it('parks a big private-test column in a temp file and scores from it', async () => {
    const [big] = await loadLiveCodeBench({ subset: 'v1', seed: 42, log: () => {} })
    expect(big.metadata.private_test_cases).toBeUndefined()
    expect(existsSync(String(big.metadata.private_test_cases_file))).toBe(true)
    const s = await scoreAnswer(big, fenced(LCB_ANSWERS.abc900_a.correct))
    expect(s).toMatchObject({ isCorrect: true, metadata: { tests_total: 5 } })
    removePrivateStore()
    expect(existsSync(String(big.metadata.private_test_cases_file))).toBe(false)
  })
})
