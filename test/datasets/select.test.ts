// Seeded shuffle and sample selection: deterministic, seed-sensitive, and strict about unknown record ids.
import { describe, expect, test } from 'vitest'
import { seededRandom, seededShuffle, selectRecords, stableHash } from '../../src/datasets/select.ts'
import { SUPERGPQA_ROWS } from '../support/dataset-fixtures.ts'

const records = SUPERGPQA_ROWS.map((r) => ({ record_id: `supergpqa-${r.uuid as string}`, subject: r.subfield }))
const ids = (rs: { record_id: string }[]) => rs.map((r) => r.record_id)

describe('seededShuffle', () => {
  test('gives the same order for the same seed, and a copy (the input is untouched)', () => {
    const input = Array.from({ length: 50 }, (_, i) => i)
    const before = input.slice()
    expect(seededShuffle(input, 42)).toEqual(seededShuffle(input, 42))
    expect(input).toEqual(before)
    expect(seededShuffle(input, 42).slice().sort((a, b) => a - b)).toEqual(before)
  })

  test('gives a different order for a different seed', () => {
    const input = Array.from({ length: 50 }, (_, i) => i)
    expect(seededShuffle(input, 42)).not.toEqual(seededShuffle(input, 43))
    expect(seededShuffle(input, 42)).not.toEqual(input)
  })

  test('pins the order for seed 42, so a change of algorithm is noticed', () => {
    expect(seededShuffle(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], 42)).toMatchInlineSnapshot(`
      [
        "g",
        "a",
        "f",
        "e",
        "d",
        "b",
        "c",
        "h",
      ]
    `)
  })

  test('moves every item to every position about equally often', () => {
    const counts = Array.from({ length: 4 }, () => [0, 0, 0, 0])
    for (let seed = 0; seed < 4000; seed++) seededShuffle([0, 1, 2, 3], seed).forEach((v, pos) => counts[v][pos]++)
    for (const row of counts) for (const c of row) expect(c).toBeGreaterThan(850) // 1000 expected
  })
})

describe('seededRandom', () => {
  test('is reproducible per (run seed, record id) and differs between records', () => {
    const draw = (seed: string) => {
      const r = seededRandom(seed)
      return [r(), r(), r()]
    }
    expect(draw('42:gpqa-recBv8kRz2XqP4mN1')).toEqual(draw('42:gpqa-recBv8kRz2XqP4mN1'))
    expect(draw('42:gpqa-recBv8kRz2XqP4mN1')).not.toEqual(draw('42:gpqa-recd3Hn7sQk9WbT2u'))
    expect(draw('42:gpqa-recBv8kRz2XqP4mN1')).not.toEqual(draw('7:gpqa-recBv8kRz2XqP4mN1'))
    for (const x of draw('x')) expect(x >= 0 && x < 1).toBe(true)
  })

  test('treats the number 42 and the string "42" as the same seed', () => {
    expect(seededRandom(42)()).toBe(seededRandom('42')())
  })
})

describe('selectRecords', () => {
  test('shuffles with the seed, then takes max_samples', () => {
    const all = selectRecords(records, { seed: 42 })
    expect(ids(all)).toEqual(ids(seededShuffle(records, 42)))
    expect(ids(selectRecords(records, { seed: 42, maxSamples: 5 }))).toEqual(ids(all).slice(0, 5))
    expect(selectRecords(records, { seed: 42, maxSamples: 100 })).toHaveLength(records.length)
  })

  test('record_ids keeps only those ids, in shuffled order, before max_samples', () => {
    const wanted = [records[0], records[3], records[7], records[11]].map((r) => r.record_id)
    const picked = ids(selectRecords(records, { seed: 42, recordIds: wanted }))
    expect(new Set(picked)).toEqual(new Set(wanted))
    expect(picked).toEqual(ids(seededShuffle(records, 42)).filter((id) => wanted.includes(id)))
    expect(ids(selectRecords(records, { seed: 42, recordIds: wanted, maxSamples: 2 }))).toEqual(picked.slice(0, 2))
  })

  test('unknown record ids are an error listing up to five of them', () => {
    const typo = records[2].record_id.slice(0, -1) + 'x'
    const bad = [typo, 'supergpqa-1', 'supergpqa-2', 'supergpqa-3', 'supergpqa-4', 'supergpqa-5', 'supergpqa-6', records[0].record_id]
    let message = ''
    try {
      selectRecords(records, { seed: 42, recordIds: bad, where: 'supergpqa' })
    } catch (e) {
      expect((e as { code: string }).code).toBe('JARVIS_BAD_OPTION')
      message = (e as Error).message
    }
    expect(message.replaceAll(records[2].record_id.slice(0, -1), '<id>').replaceAll(records[0].record_id, '<first>')).toMatchInlineSnapshot(`"supergpqa: record_ids has 7 id(s) not in the dataset: "<id>x", "supergpqa-1", "supergpqa-2", "supergpqa-3", "supergpqa-4" and 2 more. Did you mean "<id>4"? Record ids look like "<first>"; see a run's JSONL for them."`)
  })

  test('max_samples must be a positive integer', () => {
    expect(() => selectRecords(records, { seed: 42, maxSamples: 0 })).toThrow('max_samples must be a positive integer, got 0.')
  })
})

test('stableHash is a short, stable hex digest of the text', () => {
  expect(stableHash('What is 2+2?')).toMatch(/^[0-9a-f]{12}$/)
  expect(stableHash('What is 2+2?')).toBe(stableHash('What is 2+2?'))
  expect(stableHash('What is 2+2?')).not.toBe(stableHash('What is 2+3?'))
})
