// The minimal tar against GNU tar in both directions: what we write, tar extracts (long paths too); what tar
// writes (ustar, PAX, GNU long names), we read.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { packTar, unpackTar } from '../../src/containers/tar.ts'

const dir = mkdtempSync(join(tmpdir(), 'jarvis-tar-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const LONG = `deep/${'d'.repeat(80)}/${'f'.repeat(60)}.txt`

describe('packTar', () => {
  test('GNU tar extracts our files with their modes, parents and long (PAX) paths', () => {
    const out = join(dir, 'x1')
    mkdirSync(out)
    const tar = packTar([
      { path: 'app/solve.sh', content: '#!/bin/bash\necho hi\n', mode: 0o755 },
      { path: '/logs/empty.txt', content: '' },
      { path: LONG, content: Buffer.from([0, 1, 2, 255]) },
    ])
    expect(tar.length % 512).toBe(0)
    const r = spawnSync('tar', ['-x', '-C', out], { input: tar })
    expect(r.status, r.stderr.toString()).toBe(0)
    expect(readFileSync(join(out, 'app/solve.sh'), 'utf8')).toBe('#!/bin/bash\necho hi\n')
    expect(statSync(join(out, 'app/solve.sh')).mode & 0o777).toBe(0o755)
    expect(readFileSync(join(out, 'logs/empty.txt'), 'utf8')).toBe('')
    expect([...readFileSync(join(out, LONG))]).toEqual([0, 1, 2, 255])
  })

  test('refuses paths that climb out', () => {
    expect(() => packTar([{ path: '../etc/passwd', content: 'x' }])).toThrow(/bad path/)
    expect(() => packTar([{ path: '/', content: 'x' }])).toThrow(/bad path/)
  })

  test('round-trips through unpackTar', () => {
    const entries = unpackTar(packTar([{ path: 'a.txt', content: 'A' }, { path: LONG, content: 'long' }]))
    expect(entries.map((e) => [e.path, e.type, e.data.toString()])).toEqual([['a.txt', '0', 'A'], [LONG, '0', 'long']])
  })
})

describe('unpackTar', () => {
  const src = join(dir, 'src')
  mkdirSync(join(src, 'sub'), { recursive: true })
  writeFileSync(join(src, 'sub', 'reward.txt'), '1\n')
  mkdirSync(join(src, 'deep', 'd'.repeat(80)), { recursive: true })
  writeFileSync(join(src, LONG), 'long file')

  test.each(['ustar', 'pax', 'gnu'])('reads GNU tar --format=%s, long names included', (format) => {
    const files = format === 'ustar' ? ['sub/reward.txt'] : ['sub/reward.txt', LONG]
    const r = spawnSync('tar', ['-c', `--format=${format}`, '-C', src, ...files], { maxBuffer: 1 << 24 })
    expect(r.status, r.stderr.toString()).toBe(0)
    const entries = unpackTar(r.stdout)
    expect(entries.find((e) => e.path === 'sub/reward.txt')?.data.toString()).toBe('1\n')
    if (format !== 'ustar') expect(entries.find((e) => e.path === LONG)?.data.toString()).toBe('long file')
  })

  test('keeps directory and symlink entries typed', () => {
    const r = spawnSync('sh', ['-c', `cd ${src} && ln -sf sub/reward.txt link && tar -c sub link`])
    const entries = unpackTar(r.stdout)
    expect(entries.find((e) => e.path === 'sub/')?.type).toBe('5')
    expect(entries.find((e) => e.path === 'link')).toMatchObject({ type: '2', linkname: 'sub/reward.txt' })
  })
})
