import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Environment } from '../../src/core/environment.ts'
import { openLocalEnvironment } from '../../src/environments/local.ts'
import { fileReadTool, fileWriteTool, lsTool } from '../../src/tools/file-tools.ts'

// Containment: the file tools see the sample's work dir and nothing else, whatever path or link the model tries.

const outside = mkdtempSync(join(tmpdir(), 'jarvis-outside-'))
writeFileSync(join(outside, 'secret.txt'), 'TOP SECRET')
let env: Environment
const read = fileReadTool()
const write = fileWriteTool()
const ls = lsTool()
const ctx = () => ({ environment: env })

beforeAll(async () => {
  env = await openLocalEnvironment({ kind: 'local', files: [{ path: 'notes.txt', content: 'the code is 4417' }, { path: 'sub/data.csv', content: 'a,b\n1,2\n' }, { path: 'blob.bin', content: new Uint8Array([0x50, 0x4b, 0, 1, 2]) }] })
  symlinkSync(join(outside, 'secret.txt'), join(env.workDir, 'link-out.txt'))
  symlinkSync(outside, join(env.workDir, 'dir-out'))
  symlinkSync(join(env.workDir, 'notes.txt'), join(env.workDir, 'link-in.txt'))
  symlinkSync(join(outside, 'not-yet.txt'), join(env.workDir, 'dangling.txt'))
})
afterAll(() => env.close())

describe('file_read', () => {
  test('reads files of the work dir by relative path (and by an absolute path inside it)', async () => {
    expect(await read.call({ path: 'notes.txt' }, ctx())).toEqual({ content: 'the code is 4417' })
    expect((await read.call({ path: './sub/../sub/data.csv' }, ctx())).content).toBe('a,b\n1,2\n')
    expect((await read.call({ path: join(env.workDir, 'notes.txt') }, ctx())).content).toBe('the code is 4417')
    expect((await read.call({ path: 'link-in.txt' }, ctx())).content).toBe('the code is 4417')
  })

  test('refuses .., absolute paths elsewhere and symlinks that lead out', async () => {
    await expect(read.call({ path: '../../etc/passwd' }, ctx())).rejects.toThrow('"../../etc/passwd" is outside the sample\'s files; use a path relative to the work dir (see ls)')
    await expect(read.call({ path: '/etc/passwd' }, ctx())).rejects.toThrow('is outside the sample')
    await expect(read.call({ path: join(outside, 'secret.txt') }, ctx())).rejects.toThrow('is outside the sample')
    await expect(read.call({ path: 'link-out.txt' }, ctx())).rejects.toThrow('"link-out.txt" leads outside the sample\'s files (a symbolic link)')
    await expect(read.call({ path: 'dir-out/secret.txt' }, ctx())).rejects.toThrow('leads outside')
    await expect(read.call({ path: 'notes.txt\0../../x' }, ctx())).rejects.toThrow('NUL')
  })

  test('caps what it returns, says when it cut, and does not dump binary files', async () => {
    const r = await read.call({ path: 'notes.txt', max_chars: 4 }, ctx())
    expect(r.content).toBe('the \n… [truncated: 12 more characters]')
    expect(await read.call({ path: 'blob.bin' }, ctx())).toEqual({ content: 'blob.bin is a binary .bin of 5 bytes; its text cannot be shown (code_interpreter can parse it)', isError: true })
    await expect(read.call({ path: 'nope.txt' }, ctx())).rejects.toThrow('no such file: nope.txt')
    await expect(read.call({ path: 'sub' }, ctx())).rejects.toThrow('sub is a directory; use ls')
  })

  test('a sample without an environment has no files', async () => {
    await expect(read.call({ path: 'notes.txt' }, { environment: null })).rejects.toThrow('this sample has no files')
  })
})

describe('file_write and ls', () => {
  test('writes inside the work dir, creating folders', async () => {
    expect(await write.call({ path: 'out/answer.txt', content: 'x' }, ctx())).toEqual({ content: 'wrote 1 bytes to out/answer.txt' })
    expect(readFileSync(join(env.workDir, 'out/answer.txt'), 'utf8')).toBe('x')
  })

  test('refuses to write outside: .., absolute, through a symlinked dir, through a dangling link', async () => {
    await expect(write.call({ path: '../escape.txt', content: 'x' }, ctx())).rejects.toThrow('is outside the sample')
    await expect(write.call({ path: join(outside, 'escape.txt'), content: 'x' }, ctx())).rejects.toThrow('is outside the sample')
    await expect(write.call({ path: 'dir-out/escape.txt', content: 'x' }, ctx())).rejects.toThrow('leads outside')
    await expect(write.call({ path: 'link-out.txt', content: 'x' }, ctx())).rejects.toThrow('leads outside')
    await expect(write.call({ path: 'dangling.txt', content: 'x' }, ctx())).rejects.toThrow('"dangling.txt" is a symbolic link that leads nowhere')
    expect(existsSync(join(outside, 'escape.txt'))).toBe(false)
    expect(existsSync(join(outside, 'not-yet.txt'))).toBe(false)
    expect(readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe('TOP SECRET')
  })

  test('a link to a file inside writes that file (its real path is inside)', async () => {
    await expect(write.call({ path: 'link-in.txt', content: 'x' }, ctx())).resolves.toEqual({ content: 'wrote 1 bytes to notes.txt' })
  })

  test('ls lists the work dir with sizes and marks links', async () => {
    mkdirSync(join(env.workDir, 'empty'))
    const r = await ls.call({}, ctx())
    expect(r.content.split('\n')).toEqual(expect.arrayContaining(['notes.txt  1 bytes', 'sub/', 'link-out.txt -> (link)', 'blob.bin  5 bytes']))
    expect((await ls.call({ path: 'empty' }, ctx())).content).toBe('empty is empty')
    await expect(ls.call({ path: '..' }, ctx())).rejects.toThrow('is outside')
  })
})
