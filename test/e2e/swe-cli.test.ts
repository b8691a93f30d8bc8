// swebench and swefficiency end to end through the CLI: the real @huggingface/hub client against the fake Hub
// (rows with the real columns), the real openai client against the scripted server, the predictions file, and
// swebench scoring through the stand-in of the official harness (on PYTHONPATH) or, without it, unscored with
// the warning saying what is missing.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { RunSummarySchema, SAMPLE_RESULT_KEYS, type SampleResult } from '../../src/core/sample-result.ts'
import { startFakeHub, type FakeHub } from '../support/fake-hub.ts'
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts'
import { runJarvis } from '../support/run-process.ts'
import { STANDIN_HARNESS, SWE_ANSWERS, writeSweHubFixtures } from '../support/swe-fixtures.ts'

let dir: string
let hub: FakeHub
let api: FakeOpenAI
let env: Record<string, string>

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jarvis-swe-e2e-'))
  await writeSweHubFixtures(join(dir, 'hub'))
  hub = await startFakeHub({ root: join(dir, 'hub') })
  api = await startFakeOpenAI({ answer: (prompt) => SWE_ANSWERS.find(([p]) => prompt.includes(p))?.[1] ?? 'no idea' })
  env = { HF_ENDPOINT: hub.url, HF_HOME: join(dir, 'hf'), JARVIS_QUIET: '1' }
})
afterAll(async () => {
  await api?.close()
  await hub?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const run = (bench: string, out: string, extra: Record<string, string>) =>
  runJarvis(['eval', 'run', '-b', bench, '-m', 'test-model', '--base-url', `${api.url}/v1`, '--output-dir', join(dir, out)], { ...env, ...extra }, 180_000)
const lines = (path: string) => readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as SampleResult)
const verdicts = (ls: SampleResult[]) => Object.fromEntries(ls.map((l) => [l.record_id, [l.is_correct, (l.scoring_metadata as { reason?: string }).reason ?? null]]))

describe('jarvis eval run -b swebench', () => {
  test('with the official harness installed: resolved ids decide, predictions.jsonl holds every patch', async () => {
    const res = await run('swebench', 'with', { PYTHONPATH: STANDIN_HARNESS, SWEBENCH_BACKEND: 'modal', JARVIS_SWEBENCH_WORKDIR: join(dir, 'work') })
    expect(res.code, res.stdout + res.stderr).toBe(0)
    expect(res.stderr).not.toMatch(/warning: swebench scoring/)
    const out = join(dir, 'with', 'swebench_test-model.jsonl')
    const ls = lines(out)
    for (const l of ls) expect(Object.keys(l)).toEqual(SAMPLE_RESULT_KEYS)
    expect(verdicts(ls)).toEqual({
      'swebench-tinylib__slugify-7': [true, null],
      'swebench-tinylib__mathx-12': [false, 'unresolved'],
      'swebench-tinylib__textwrap2-3': [false, 'no_patch'],
    })
    expect(ls.find((l) => l.record_id === 'swebench-tinylib__slugify-7')).toMatchObject({ subject: 'tinylib/slugify', category: 'agentic', error: null, score: 1 })
    const preds = readFileSync(`${out}.predictions.jsonl`, 'utf8').trim().split('\n').map((l) => JSON.parse(l))
    expect(preds.map((p) => p.instance_id).sort()).toEqual(['tinylib__mathx-12', 'tinylib__slugify-7'])
    expect(preds.every((p) => p.model_name_or_path === 'test-model' && p.model_patch.startsWith('diff --git a/'))).toBe(true)
    const s = RunSummarySchema.parse(JSON.parse(readFileSync(`${out}.summary.json`, 'utf8')))
    expect(s).toMatchObject({ total_samples: 3, scored_samples: 3, correct: 1, accuracy: 0.3333 })
  })

  test('without it: a warning before the run, patches unscored with the reason, prose still wrong', async () => {
    const res = await run('swebench', 'without', { JARVIS_SWEBENCH_PYTHON: join(dir, 'no-python'), DOCKER_HOST: `unix://${dir}/no.sock` })
    expect(res.code, res.stdout + res.stderr).toBe(0)
    expect(res.stderr).toMatch(/^warning: swebench scoring needs Python swebench\.harness\.run_evaluation, Docker Engine: .* The samples run and are unscored\.$/m)
    const out = join(dir, 'without', 'swebench_test-model.jsonl')
    expect(verdicts(lines(out))).toEqual({
      'swebench-tinylib__slugify-7': [null, 'needs_swebench_harness'],
      'swebench-tinylib__mathx-12': [null, 'needs_swebench_harness'],
      'swebench-tinylib__textwrap2-3': [false, 'no_patch'],
    })
    expect(readFileSync(`${out}.predictions.jsonl`, 'utf8').trim().split('\n')).toHaveLength(2)
    const s = RunSummarySchema.parse(JSON.parse(readFileSync(`${out}.summary.json`, 'utf8')))
    expect(s).toMatchObject({ total_samples: 3, scored_samples: 1, correct: 0, unscored_reasons: { needs_swebench_harness: 2 } })
  })
})

describe('jarvis eval run -b swefficiency', () => {
  test('patches go to predictions.jsonl for the speedup harness and are unscored; an empty reply is wrong', async () => {
    const res = await run('swefficiency', 'perf', {})
    expect(res.code, res.stdout + res.stderr).toBe(0)
    const out = join(dir, 'perf', 'swefficiency_test-model.jsonl')
    expect(verdicts(lines(out))).toEqual({ 'swefficiency-tinylib__mathx-40': [null, 'needs_speedup_harness'], 'swefficiency-tinylib__slugify-41': [false, 'empty_response'] })
    expect(JSON.parse(readFileSync(`${out}.predictions.jsonl`, 'utf8'))).toMatchObject({ instance_id: 'tinylib__mathx-40', model_name_or_path: 'test-model' })
  })
})
