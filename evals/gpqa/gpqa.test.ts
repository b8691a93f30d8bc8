import { describe, expect, test, vi } from 'vitest'
import { GPQA_DIAMOND_ROWS, writeHubFixtures } from '../../test/support/dataset-fixtures.ts'
import { useFakeHub } from '../../test/support/use-fake-hub.ts'
import { loadGpqa, toRecord } from './loader.ts'

const TOKEN = 'hf_gpqatesttoken0123456789abcdef'
const ctx = (over = {}) => ({ seed: 42, log: () => {}, ...over })

useFakeHub(writeHubFixtures, { gated: ['Idavidrein/gpqa'], token: TOKEN })

describe('gpqa', () => {
  test('the gated dataset needs HF_TOKEN, and the error says so without printing a token', async () => {
    vi.stubEnv('HF_TOKEN', '')
    await expect(loadGpqa(ctx())).rejects.toThrow(/gated.*HF_TOKEN/)
  })

  test('loads gpqa_diamond over HTTP with the token; ids are the Record IDs', async () => {
    vi.stubEnv('HF_TOKEN', TOKEN)
    const rs = await loadGpqa(ctx())
    expect(rs).toHaveLength(GPQA_DIAMOND_ROWS.length)
    expect(rs.map((r) => r.record_id)).toEqual(GPQA_DIAMOND_ROWS.map((r) => `gpqa-${r['Record ID']}`))
    for (const r of rs) {
      const opts = r.metadata.options as string[]
      expect(opts[r.reference.charCodeAt(0) - 65]).toBe(r.metadata.answer_text)
    }
  })

  test('options are shuffled per record: the right answer is not always A, and the same seed gives the same order', () => {
    const a = GPQA_DIAMOND_ROWS.map((row) => toRecord(row, 42)!)
    const b = GPQA_DIAMOND_ROWS.map((row) => toRecord(row, 42)!)
    const c = GPQA_DIAMOND_ROWS.map((row) => toRecord(row, 7)!)
    expect(new Set(a.map((r) => r.reference)).size).toBeGreaterThan(1)
    expect(a.map((r) => r.reference)).toEqual(b.map((r) => r.reference))
    expect(a.map((r) => r.metadata.options)).not.toEqual(c.map((r) => r.metadata.options))
    expect(a[0].problem.split('\n').slice(-6)).toEqual(['Options:', ...(a[0].metadata.options as string[]).map((o, i) => `${'ABCD'[i]}. ${o}`), 'Provide only the letter of the correct answer (A, B, C, or D).'])
  })

  test('an unknown subset is refused with the variants', async () => {
    await expect(loadGpqa(ctx({ subset: 'gpqa_dimond' }))).rejects.toThrowErrorMatchingInlineSnapshot(`[JarvisError: gpqa: subset "gpqa_dimond" is not a GPQA variant; use one of gpqa_diamond, gpqa_main, gpqa_extended, gpqa_experts.]`)
  })
})
