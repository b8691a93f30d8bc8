// readTableFile on real files: JSONL, JSON, CSV and parquet, dispatched by extension.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { formatFromPath, readTableFile } from '../../src/datasets/read-file.ts'
import { MMLU_PRO_SCHEMA, MMLU_PRO_TEST_ROWS, parquetBuffer, SUPERGPQA_ROWS, toJsonl } from '../support/dataset-fixtures.ts'

const FIXTURES = join(import.meta.dirname, '../fixtures/datasets')
let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'jarvis-read-file-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

async function file(name: string, content: string | Uint8Array): Promise<string> {
  const p = join(dir, name)
  await writeFile(p, content)
  return p
}

const LOCAL_ROWS = [
  { id: 'q1', question: 'Which is larger, 2^10 or 10^3?', answer: '2^10' },
  { id: 'q2', question: 'He said "42" twice.\nWhat number did he say?', answer: '42' },
]

describe('readTableFile', () => {
  test('reads a local JSONL file with blank lines and a trailing newline', async () => {
    const rows = await readTableFile(join(FIXTURES, 'local-mcq.jsonl'))
    expect(rows).toMatchObject(LOCAL_ROWS)
    expect(rows[0].choices).toEqual(['2^10', '10^3'])
  })

  test('reads the same table from a local CSV file with CRLF endings', async () => {
    const rows = await readTableFile(join(FIXTURES, 'local-mcq.csv'))
    expect(rows.map((r) => ({ ...r, question: (r.question as string).replace(/\r\n/g, '\n') }))).toMatchObject(LOCAL_ROWS)
    expect(rows[1].choices).toBe('42|24')
  })

  test('a bad JSONL line is reported with its line number', async () => {
    const p = await file('bad.jsonl', '{"uuid": "a"}\n\n{"uuid": "b",}\n')
    await expect(readTableFile(p)).rejects.toMatchObject({ code: 'JARVIS_DATASET', message: expect.stringMatching(/bad\.jsonl:3: invalid JSON \(.+\)\. Each line of a \.jsonl file must be one JSON object\.$/) })
  })

  test('a JSONL line that is not an object is refused', async () => {
    const p = await file('array.jsonl', '{"a": 1}\n[1, 2]\n')
    await expect(readTableFile(p)).rejects.toThrow(/array\.jsonl:2: expected a JSON object, got an array/)
  })

  test('reads a .json array, and a .json file that is really JSON Lines', async () => {
    const rows = SUPERGPQA_ROWS.slice(0, 2)
    expect(await readTableFile(await file('rows.json', JSON.stringify(rows, null, 2)))).toEqual(rows)
    expect(await readTableFile(await file('lines.json', toJsonl(rows)))).toEqual(rows)
    await expect(readTableFile(await file('object.json', '{"data": []}'))).rejects.toThrow(/expected a JSON array of objects/)
  })

  test('reads parquet with INT64 as numbers, and lists of strings as arrays', async () => {
    const rows = await readTableFile(await file('test.parquet', parquetBuffer(MMLU_PRO_TEST_ROWS, MMLU_PRO_SCHEMA)))
    expect(rows).toEqual(MMLU_PRO_TEST_ROWS)
    expect(rows.map((r) => typeof r.answer_index)).toEqual(rows.map(() => 'number'))
  })

  test('keeps an INT64 beyond 2^53 exact, as a decimal string', async () => {
    const big = 2n ** 60n + 1n
    const { parquetWriteBuffer } = await import('hyparquet-writer')
    const buf = parquetWriteBuffer({ columnData: [{ name: 'id', data: [1n, big], type: 'INT64' }] })
    expect(await readTableFile(await file('big.parquet', new Uint8Array(buf)))).toEqual([{ id: 1 }, { id: big.toString() }])
  })

  test('a truncated parquet file is a dataset error naming the file', async () => {
    const p = await file('cut.parquet', parquetBuffer(MMLU_PRO_TEST_ROWS, MMLU_PRO_SCHEMA).subarray(0, 100))
    await expect(readTableFile(p)).rejects.toMatchObject({ code: 'JARVIS_DATASET', message: expect.stringContaining(`${p}: cannot read parquet`) })
  })

  test('an explicit format wins over the extension', async () => {
    expect(await readTableFile(await file('rows.txt', 'a,b\n1,2\n'), 'csv')).toEqual([{ a: '1', b: '2' }])
  })

  test('an unknown extension and a missing file say how to fix them', async () => {
    await expect(readTableFile(join(dir, 'rows.txt'))).rejects.toThrow(/cannot tell the file format from its extension\. Use \.parquet, \.jsonl, \.json or \.csv, or set format\./)
    await expect(readTableFile(join(dir, 'missing.jsonl'))).rejects.toThrow(/missing\.jsonl: no such file/)
  })
})

test('formatFromPath maps extensions case-insensitively', () => {
  expect(['a.PARQUET', 'x/y.jsonl', 'b.ndjson', 'c.csv', 'd.json', 'e.tsv', 'noext'].map(formatFromPath)).toEqual(['parquet', 'jsonl', 'jsonl', 'csv', 'json', undefined, undefined])
})

describe('streaming a JSON Lines file through mapRow', () => {
  test('each row is mapped as it is read and null drops it', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs')
    const { tmpdir } = await import('node:os')
    const { join } = await import('node:path')
    const { readTableFile } = await import('../../src/datasets/read-file.ts')
    const p = join(mkdtempSync(join(tmpdir(), 'jarvis-map-')), 'rows.jsonl')
    writeFileSync(p, ['{"a":1}', '{"a":2}', '{"a":3}'].join('\n'))
    const seen: number[] = []
    const out = await readTableFile(p, undefined, (row) => (seen.push(row.a as number), row.a === 2 ? null : { doubled: (row.a as number) * 2 }))
    expect(out).toEqual([{ doubled: 2 }, { doubled: 6 }])
    expect(seen).toEqual([1, 2, 3])
  })
})
