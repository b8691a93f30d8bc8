// SWE-bench on rows shaped like the Hub's (verified_mini): loader and prompt, patch extraction, the
// predictions file, and scoring through the stand-in of the official harness (test/fixtures/swe/harness) or,
// without it, unscored with the reason.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import type { EvalRecord } from '../../src/core/record.ts'
import { extractPatch } from '../../src/scoring/swe/extract-patch.ts'
import { STANDIN_HARNESS, SWE_ANSWERS, writeSweHubFixtures } from '../../test/support/swe-fixtures.ts'
import { useFakeHub } from '../../test/support/use-fake-hub.ts'
import { loadSwebench } from './loader.ts'
import { scoreSwebench } from './scorer.ts'

useFakeHub(writeSweHubFixtures)
const dir = mkdtempSync(join(tmpdir(), 'jarvis-swebench-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const ctx = (subset?: string) => ({ seed: 1, subset, log: () => {} })
const reply = (r: EvalRecord) => SWE_ANSWERS.find(([p]) => r.problem.includes(p))![1]
const run = (name: string) => ({ model: 'org/test-model', modelSlug: 'org-test-model', outputPath: join(dir, name, 'swebench_org-test-model.jsonl') })

describe('swebench loader', () => {
  test('one record per row with a problem statement; ids, subject, reference, test lists', async () => {
    const records = await loadSwebench(ctx())
    expect(records.map((r) => r.record_id)).toEqual(['swebench-tinylib__slugify-7', 'swebench-tinylib__mathx-12', 'swebench-tinylib__textwrap2-3'])
    expect(records[0]).toMatchObject({ category: 'agentic', subject: 'tinylib/slugify', metadata: { instance_id: 'tinylib__slugify-7', FAIL_TO_PASS: ['tests/test_slugify.py::test_hyphens', 'tests/test_slugify.py::test_spaces'], PASS_TO_PASS: ['tests/test_slugify.py::test_lower'], variant: 'verified_mini' } })
    expect(records[0].reference).toMatch(/^diff --git a\/slugify.py/)
  })

  test("OpenJarvis's prompt; the hints section only when the row has hints", async () => {
    const [slug, mean] = await loadSwebench(ctx())
    expect(slug.problem).toMatchInlineSnapshot(`
      "You are a software engineer working on the repository **tinylib/slugify**.

      ## Problem Statement

      slugify() joins words with underscores

      \`slugify("Hello World")\` returns \`hello_world\`; the docs promise \`hello-world\`.

      ## Hints

      The join character is wrong.

      ## Instructions

      - Analyze the issue described above.
      - Produce a patch (unified diff format) that resolves the issue.
      - The patch must apply cleanly against commit \`0123456789abcdef0123456789abcdef11111111\`.
      - Return ONLY the patch — no explanation, no markdown fences."
    `)
    expect(mean.problem).not.toContain('## Hints')
  })

  test('an unknown variant is a config error with the choices', async () => {
    await expect(loadSwebench(ctx('verifed'))).rejects.toThrow('swebench: subset "verifed" is not a SWE-bench variant. Did you mean "verified"? Use verified_mini or verified.')
  })
})

describe('patch extraction', () => {
  test('a diff fence, a bare fence with a git diff, a diff after prose, a plain unified diff; none in prose', () => {
    expect(extractPatch('x\n```diff\ndiff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n```\n')).toBe('diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n')
    expect(extractPatch('```\ndiff --git a/f b/f\n@@ -1 +1 @@\n```')).toBe('diff --git a/f b/f\n@@ -1 +1 @@\n')
    expect(extractPatch('Fix:\ndiff --git a/f b/f\n-a\n+b')).toBe('diff --git a/f b/f\n-a\n+b\n')
    expect(extractPatch('--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b')).toBe('--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n')
    expect(extractPatch('<think>```diff\nnot this\n```</think>no patch here')).toBeNull()
  })
})

describe('swebench scoring', () => {
  const withHarness = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PYTHONPATH: STANDIN_HARNESS, JARVIS_SWEBENCH_WORKDIR: join(dir, 'work'), SWEBENCH_BACKEND: 'modal', SWEBENCH_STANDIN_LOG: join(dir, 'harness.log'), OPENAI_API_KEY: 'sk-test-never-passed', HF_TOKEN: 'hf_test_never_passed' }

  test('with the harness: a fixing patch is resolved, a patch that does not fix is not, prose has no patch', async () => {
    const records = await loadSwebench(ctx())
    const scores = await Promise.all(records.map((r) => scoreSwebench(r, reply(r), { run: run('h') }, withHarness)))
    expect(scores.map((s) => [s.isCorrect, s.reason ?? null])).toEqual([[true, null], [false, 'unresolved'], [false, 'no_patch']])
    expect(scores[0].metadata).toMatchObject({ instance_id: 'tinylib__slugify-7', harness_status: 'resolved', patch_lines: 8 })
    const calls = readFileSync(join(dir, 'harness.log'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { argv: string[]; cwd: string; env: string[] })
    expect(calls).toHaveLength(2)
    // the two samples score concurrently: find this one's call
    const slug = calls.find((c) => c.argv.includes('tinylib__slugify-7'))!
    expect(slug.argv).toEqual(['--predictions_path', expect.stringMatching(/predictions\.jsonl$/), '--max_workers', '1', '--run_id', 'jarvis-org-test-model-tinylib__slugify-7', '--dataset_name', 'SWE-bench/SWE-bench_Verified', '--instance_ids', 'tinylib__slugify-7', '--modal', 'true'])
    expect(slug.cwd).toBe(join(dir, 'work'))
    expect(calls.flatMap((c) => c.env).filter((k) => /KEY|TOKEN|SECRET/.test(k))).toEqual([])
  })

  test('every patch goes to the predictions file in SWE-bench format; prose does not', async () => {
    const lines = readFileSync(`${run('h').outputPath}.predictions.jsonl`, 'utf8').trim().split('\n').map((l) => JSON.parse(l))
    expect(lines.map((l) => Object.keys(l))).toEqual([['instance_id', 'model_name_or_path', 'model_patch'], ['instance_id', 'model_name_or_path', 'model_patch']])
    expect(lines.map((l) => [l.instance_id, l.model_name_or_path]).sort()).toEqual([['tinylib__mathx-12', 'org/test-model'], ['tinylib__slugify-7', 'org/test-model']])
  })

  test('without the harness: patches are unscored, saying what is missing; an empty reply is wrong', async () => {
    const [slug] = await loadSwebench(ctx())
    const s = await scoreSwebench(slug, reply(slug), { run: run('no') }, { PATH: process.env.PATH ?? '', JARVIS_SWEBENCH_PYTHON: join(dir, 'no-python'), DOCKER_HOST: `unix://${dir}/no.sock` })
    expect(s).toMatchObject({ isCorrect: null, reason: 'needs_swebench_harness' })
    expect(s.metadata.harness).toMatch(/^SWE-bench scoring needs Python swebench\.harness\.run_evaluation, Docker Engine: .*pip install swebench/)
    expect(await scoreSwebench(slug, ' ', { run: run('no') })).toMatchObject({ isCorrect: false, reason: 'empty_response' })
  })

  test('a harness that errors on the instance leaves it unscored', async () => {
    const [slug] = await loadSwebench(ctx())
    const odd = { ...slug, metadata: { ...slug.metadata, instance_id: 'tinylib__unknown-1' } }
    const s = await scoreSwebench(odd, reply(slug), { run: run('h') }, withHarness)
    expect(s).toMatchObject({ isCorrect: null, reason: 'harness_error', metadata: { harness_status: 'error' } })
  })
})
