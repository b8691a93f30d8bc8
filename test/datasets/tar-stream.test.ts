import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { packTar } from '../../src/containers/tar.ts'
import { readTarFile, tarEntries } from '../../src/datasets/tar-stream.ts'

const LONG = `database_level2/${'deep/'.repeat(25)}validation_cases.json`

function archive(): Buffer {
  return packTar([
    { path: 'database_level1/case_1/validation_cases.json', content: '{"query":"q1"}' },
    { path: 'database_level1/case_1/products.jsonl', content: 'x'.repeat(5000) },
    { path: 'database_level1/case_1/big.bin', content: Buffer.alloc(70_000, 7) },
    { path: LONG, content: '{"query":"long"}' },
  ])
}

async function* inChunks(buf: Buffer, size: number) {
  for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size)
}

async function collect(it: AsyncIterable<{ path: string; data: Buffer }>) {
  const out: Record<string, string> = {}
  for await (const e of it) out[e.path] = e.data.toString('utf8')
  return out
}

describe('tarEntries', () => {
  test.each([1, 7, 511, 512, 513, 4096, 1 << 20])('yields the chosen entries whatever the chunk size (%i bytes)', async (size) => {
    const got = await collect(tarEntries(inChunks(archive(), size), (p) => !p.endsWith('.bin')))
    expect(Object.keys(got)).toEqual(['database_level1/case_1/validation_cases.json', 'database_level1/case_1/products.jsonl', LONG])
    expect(got[LONG]).toBe('{"query":"long"}')
    expect(got['database_level1/case_1/products.jsonl']).toHaveLength(5000)
  })

  test('a truncated archive is a one-line dataset error, not a silent short read', async () => {
    const cut = archive().subarray(0, 3000)
    await expect(collect(tarEntries(inChunks(cut, 100)))).rejects.toThrow(/ends in the middle of database_level1\/case_1\/products\.jsonl: the file is truncated/)
  })
})

describe('readTarFile', () => {
  test('reads .tar.gz (told by its magic bytes) and plain .tar, with ./ prefixes dropped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jarvis-tar-'))
    const tar = packTar([{ path: './case_9/products.jsonl', content: '{"id":1}\n' }])
    writeFileSync(join(dir, 'a.tar.gz'), gzipSync(tar))
    writeFileSync(join(dir, 'a.tar'), tar)
    expect(await collect(readTarFile(join(dir, 'a.tar.gz')))).toEqual({ 'case_9/products.jsonl': '{"id":1}\n' })
    expect(await collect(readTarFile(join(dir, 'a.tar')))).toEqual({ 'case_9/products.jsonl': '{"id":1}\n' })
    writeFileSync(join(dir, 'bad.tar.gz'), Buffer.concat([Buffer.from([0x1f, 0x8b]), Buffer.from('not gzip')]))
    await expect(collect(readTarFile(join(dir, 'bad.tar.gz')))).rejects.toThrow(/bad\.tar\.gz: cannot read the tar archive/)
  })
})
