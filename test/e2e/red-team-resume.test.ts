// Red team, resume class (issue 17): --resume after the dataset or -n changed must not keep stale rows or score
// them against old references; the results hold exactly the records this run selected. Through the real CLI.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts'
import { LETTERS4, quizAnswer, writeQuiz, writeQuizSuite } from '../support/quiz-suite.ts'
import { runJarvis } from '../support/run-process.ts'

const lines = (path: string) => readFileSync(path, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))
const summary = (path: string) => JSON.parse(readFileSync(`${path}.summary.json`, 'utf8'))
const env = { JARVIS_QUIET: '1' }

let dir: string
let api: FakeOpenAI
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jarvis-rt-resume-'))
  api = await startFakeOpenAI({ answer: quizAnswer })
})
afterAll(() => api?.close())
const chats = () => api.requests.filter((r) => r.path === '/v1/chat/completions').length

describe('resume after the data changed', () => {
  test('records whose reference changed run again and are scored against the new reference', async () => {
    const data = mkdtempSync(join(dir, 'changed-'))
    const quiz = writeQuiz(data, 10)
    const out = join(data, 'out')
    const suite = writeQuizSuite(data, { name: 'changed', baseUrl: `${api.url}/v1`, quiz, out })
    expect((await runJarvis(['eval', 'run', '-c', suite], env)).code).toBe(0)
    const file = join(out, 'quiz_test-model.jsonl')
    expect(summary(file)).toMatchObject({ total_samples: 10, correct: 10 })
    // The answer key of three questions is corrected (the prompts stay: the model answers as before).
    const rows = readFileSync(quiz, 'utf8').trim().split('\n').map((l) => JSON.parse(l))
    for (const i of [1, 4, 7]) rows[i].answer = LETTERS4[(i + 1) % 4]
    writeFileSync(quiz, rows.map((r) => JSON.stringify(r)).join('\n') + '\n')
    const before = chats()
    const res = await runJarvis(['eval', 'run', '-c', suite, '--resume'], env)
    expect(res.code, res.stderr).toBe(0)
    expect(res.stdout).toContain('resume: 3 record(s) of quiz / test-model changed prompt or reference since they were answered: they run again')
    expect(chats() - before).toBe(3)
    const ls = lines(file)
    expect(ls).toHaveLength(10)
    expect(new Set(ls.map((l) => l.record_id)).size).toBe(10)
    expect(ls.filter((l) => !l.is_correct).map((l) => l.record_id).sort()).toEqual(['quiz-q0001', 'quiz-q0004', 'quiz-q0007'])
    expect(summary(file)).toMatchObject({ total_samples: 10, correct: 7 })
    expect(readdirSync(out).filter((f) => /\.prev-\d{8}T\d{6}$/.test(f))).toHaveLength(1) // nothing lost: the old file is aside
  }, 120_000)

  test('a record removed from the dataset leaves the results', async () => {
    const data = mkdtempSync(join(dir, 'removed-'))
    const quiz = writeQuiz(data, 6)
    const out = join(data, 'out')
    const suite = writeQuizSuite(data, { name: 'removed', baseUrl: `${api.url}/v1`, quiz, out })
    expect((await runJarvis(['eval', 'run', '-c', suite], env)).code).toBe(0)
    const rows = readFileSync(quiz, 'utf8').trim().split('\n')
    writeFileSync(quiz, rows.filter((l) => !l.includes('"q0002"')).join('\n') + '\n')
    const res = await runJarvis(['eval', 'run', '-c', suite, '--resume'], env)
    expect(res.code, res.stderr).toBe(0)
    const file = join(out, 'quiz_test-model.jsonl')
    expect(lines(file).map((l) => l.record_id).sort()).toEqual(['quiz-q0000', 'quiz-q0001', 'quiz-q0003', 'quiz-q0004', 'quiz-q0005'])
    expect(summary(file).total_samples).toBe(5)
  }, 120_000)
})

describe('resume with another -n', () => {
  test('a narrower -n reports only what it selected; a wider one runs only the new records', async () => {
    const data = mkdtempSync(join(dir, 'narrow-'))
    const quiz = writeQuiz(data, 20)
    const out = join(data, 'out')
    const suite = writeQuizSuite(data, { name: 'narrow', baseUrl: `${api.url}/v1`, quiz, out })
    expect((await runJarvis(['eval', 'run', '-c', suite, '-n', '10'], env)).code).toBe(0)
    const file = join(out, 'quiz_test-model.jsonl')
    const ten = lines(file).map((l) => l.record_id)
    let before = chats()
    const narrow = await runJarvis(['eval', 'run', '-c', suite, '-n', '4', '--resume'], env)
    expect(narrow.code, narrow.stderr).toBe(0)
    expect(narrow.stdout).toContain('resume: dropped 6 line(s) of quiz / test-model whose records are no longer selected')
    expect(chats()).toBe(before)
    const four = lines(file).map((l) => l.record_id)
    expect(four).toHaveLength(4)
    expect(ten).toEqual(expect.arrayContaining(four))
    expect(summary(file).total_samples).toBe(4)
    before = chats()
    const wide = await runJarvis(['eval', 'run', '-c', suite, '-n', '12', '--resume'], env)
    expect(wide.code, wide.stderr).toBe(0)
    expect(chats() - before).toBe(8)
    expect(summary(file).total_samples).toBe(12)
  }, 180_000)
})
