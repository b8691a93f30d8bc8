// SWE-fficiency on rows shaped like swefficiency/swefficiency: loader and prompt (workload, target speedup),
// the predictions file, patches unscored (the speedup harness is not driven here), no reply wrong.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { SWE_ANSWERS, writeSweHubFixtures } from '../../test/support/swe-fixtures.ts'
import { useFakeHub } from '../../test/support/use-fake-hub.ts'
import { loadSwefficiency } from './loader.ts'
import { scoreSwefficiency } from './scorer.ts'

useFakeHub(writeSweHubFixtures)
const dir = mkdtempSync(join(tmpdir(), 'jarvis-swefficiency-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('swefficiency', () => {
  test('records keep the workload, the target speedup (1.0 when missing) and the instance image', async () => {
    const records = await loadSwefficiency({ seed: 1, log: () => {} })
    expect(records.map((r) => r.record_id)).toEqual(['swefficiency-tinylib__mathx-40', 'swefficiency-tinylib__slugify-41'])
    expect(records[0].metadata).toMatchObject({ expected_speedup: 1.8, covering_tests: ['tests/test_mean.py'], PASS_TO_PASS: ['tests/test_mean.py::test_mean'], image_name: 'ghcr.io/swefficiency/swefficiency-images:tinylib__mathx-40' })
    expect(records[0].problem).toContain('## Workload\n\nimport timeit\nfrom mathx import mean')
    expect(records[0].problem).toContain('Target speedup: **1.8x**')
    expect(records[1].metadata.expected_speedup).toBe(1)
    expect(records[1].problem).toContain('## Workload\n\n(not specified)')
  })

  test('a patch is written for the harness and left unscored; an empty reply is wrong', async () => {
    const [mean, slug] = await loadSwefficiency({ seed: 1, log: () => {} })
    const out = join(dir, 'swefficiency_m.jsonl')
    const s = await scoreSwefficiency(mean, SWE_ANSWERS.find(([p]) => mean.problem.includes(p))![1], { run: { model: 'm', modelSlug: 'm', outputPath: out } })
    expect(s).toMatchObject({ isCorrect: null, reason: 'needs_speedup_harness', expected: 'a patch reaching 1.8x with the covering tests passing' })
    expect(JSON.parse(readFileSync(`${out}.predictions.jsonl`, 'utf8'))).toMatchObject({ instance_id: 'tinylib__mathx-40', model_name_or_path: 'm', model_patch: expect.stringMatching(/^diff --git a\/mathx.py/) })
    expect(await scoreSwefficiency(slug, '', {})).toMatchObject({ isCorrect: false, reason: 'empty_response' })
  })
})
