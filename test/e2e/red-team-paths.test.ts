// Red team, paths and input class (issue 17): results never replace the run's own inputs or land outside the
// output dir, and a dataset that is empty or not UTF-8 is refused in one clear line (exit 2) before any sample.
// Through the real CLI against the fake server.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts'
import { quizAnswer, writeQuiz, writeQuizSuite } from '../support/quiz-suite.ts'
import { runJarvis } from '../support/run-process.ts'

const env = { JARVIS_QUIET: '1' }
let dir: string
let api: FakeOpenAI
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jarvis-rt-paths-'))
  api = await startFakeOpenAI({ answer: quizAnswer })
})
afterAll(() => api?.close())
const chats = () => api.requests.filter((r) => r.path === '/v1/chat/completions').length

/** A one-benchmark suite over `data` (a custom exact-match benchmark named `name`). */
function suiteFor(sub: string, name: string, data: string, extra = ''): { suite: string; out: string } {
  const d = join(dir, sub)
  mkdirSync(d, { recursive: true })
  const out = join(d, 'out')
  const suite = join(d, 'suite.toml')
  writeFileSync(suite, `[run]\noutput_dir = "${out}"\n\n[[models]]\nname = "test-model"\nbase_url = "${api.url}/v1"\n\n[[benchmarks]]\nname = "${name}"\nscorer = "exact"\n\n[benchmarks.dataset]\npath = "${data}"\n${extra}`)
  return { suite, out }
}

/** One line on stderr, exit 2, no sample asked. */
async function refused(args: string[], pattern: RegExp): Promise<void> {
  const before = chats()
  const res = await runJarvis(args, env)
  expect(res.code, res.stdout + res.stderr).toBe(2)
  const errs = res.stderr.trim().split('\n')
  expect(errs).toHaveLength(1)
  expect(errs[0]).toMatch(pattern)
  expect(chats()).toBe(before)
}

describe('outputs never replace inputs', () => {
  test('-o pointing at the suite TOML is refused; the TOML stays where it is, untouched', async () => {
    const d = mkdtempSync(join(dir, 'o-suite-'))
    const quiz = writeQuiz(d, 4)
    const suite = writeQuizSuite(d, { name: 'own', baseUrl: `${api.url}/v1`, quiz, out: join(d, 'out') })
    const text = readFileSync(suite, 'utf8')
    await refused(['eval', 'run', '-c', suite, '-o', suite], /^jarvis: the results of quiz \/ test-model would be written to .*own\.toml, which is the suite file .*own\.toml\. Choose another -o\/--output or --output-dir\.$/)
    expect(readFileSync(suite, 'utf8')).toBe(text)
    expect(readdirSync(d).filter((f) => f.includes('.prev-'))).toEqual([])
  })

  test('-o pointing at the dataset is refused; the dataset is untouched', async () => {
    const d = mkdtempSync(join(dir, 'o-data-'))
    const quiz = writeQuiz(d, 4)
    const suite = writeQuizSuite(d, { name: 'data', baseUrl: `${api.url}/v1`, quiz, out: join(d, 'out') })
    const text = readFileSync(quiz, 'utf8')
    await refused(['eval', 'run', '-c', suite, '-o', quiz], /^jarvis: the results of quiz \/ test-model would be written to .*quiz\.jsonl, which is the dataset of quiz \(.*quiz\.jsonl\)\. Choose another/)
    expect(readFileSync(quiz, 'utf8')).toBe(text)
    expect(readdirSync(d).filter((f) => f.includes('.prev-'))).toEqual([])
  })
})

describe('benchmark names stay file names', () => {
  test.each([['../escape'], ['sub/dir'], ['..']])('name %j is refused and nothing is written outside the output dir', async (name) => {
    const d = mkdtempSync(join(dir, 'name-'))
    const data = join(d, 'q.jsonl')
    writeFileSync(data, '{"question": "2+2?", "answer": "4"}\n')
    const { suite, out } = suiteFor(`n-${readdirSync(dir).length}`, name, data)
    await refused(['eval', 'run', '-c', suite], /names the output file, so it may hold only letters, digits, "\.", "_" and "-" \(no "\/", "\\" or "\.\."\)\. Rename the benchmark\.$/)
    expect(existsSync(out)).toBe(false)
    const parent = join(out, '..')
    expect(readdirSync(parent).filter((f) => f.endsWith('.jsonl'))).toEqual([])
    expect(readdirSync(join(parent, '..')).filter((f) => f.includes('escape'))).toEqual([])
  })
})

describe('datasets that cannot be read as they are', () => {
  test('an empty dataset says it is empty (not "no such results file")', async () => {
    for (const [file, text] of [['empty.jsonl', ''], ['empty.csv', 'question,answer\n']] as const) {
      const data = join(dir, file)
      writeFileSync(data, text)
      const { suite } = suiteFor(`empty-${file}`, 'empty', data)
      await refused(['eval', 'run', '-c', suite], new RegExp(`^jarvis: empty: .*${file.replace('.', '\\.')} has no data rows; nothing to evaluate\\. Add rows`))
    }
  })

  test('a Latin-1 CSV is refused with the line and the byte, not read as U+FFFD', async () => {
    const data = join(dir, 'latin1.csv')
    writeFileSync(data, Buffer.from('question,answer\n"Capital of France?",Paris\n"Caf\xe9 in French?",caf\xe9\n', 'latin1'))
    const { suite } = suiteFor('latin1', 'latin', data)
    await refused(['eval', 'run', '-c', suite], /^jarvis: .*latin1\.csv:3: not UTF-8: byte 0xE9 at offset \d+ \(it looks like Latin-1 \/ Windows-1252: 0xE9 is "é" there\)\. Save the file as UTF-8/)
  })

  test('so is a Latin-1 JSONL; a real U+FFFD in a UTF-8 file is fine', async () => {
    const bad = join(dir, 'latin1.jsonl')
    writeFileSync(bad, Buffer.concat([Buffer.from('{"question": "ok?", "answer": "yes"}\n'), Buffer.from('{"question": "caf\xe9?", "answer": "x"}\n', 'latin1')]))
    await refused(['eval', 'run', '-c', suiteFor('latin1-jsonl', 'latinj', bad).suite], /latin1\.jsonl:2: not UTF-8: byte 0xE9/)
    const good = join(dir, 'fffd.jsonl')
    writeFileSync(good, '{"question": "what is \uFFFD?", "answer": "a replacement character"}\n')
    const res = await runJarvis(['eval', 'run', '-c', suiteFor('fffd', 'fffd', good).suite], env)
    expect(res.code, res.stderr).toBe(0)
  })
})
