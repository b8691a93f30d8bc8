// A large local dataset is selected in a worker thread (src/cli/select-in-thread.ts) so the CLI does not keep its
// records resident for the whole run. The thread must select exactly what the CLI would: same records, same
// chunks, same verdicts, same resume digests, and the same one-line error for a bad row. Through the real CLI,
// with JARVIS_SELECT_IN_THREAD forcing each path on a small file.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { selectsInThread, THREAD_SELECT_BYTES } from '../../src/cli/select-in-thread.ts'
import type { ResolvedRun } from '../../src/config/resolved-run.ts'
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts'
import { LETTERS4, quizAnswer, writeQuiz, writeQuizSuite } from '../support/quiz-suite.ts'
import { runJarvis } from '../support/run-process.ts'

const lines = (path: string) => readFileSync(path, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))
const verdicts = (path: string) => lines(path).map((l) => `${l.record_id} ${l.model_answer} ${l.is_correct}`).sort()

let dir: string
let api: FakeOpenAI
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jarvis-select-thread-'))
  api = await startFakeOpenAI({ answer: quizAnswer })
})
afterAll(() => api?.close())

describe('selecting in a worker thread', () => {
  test('the same 20 of 30 records in chunks of 7, the same verdicts and summary as selecting in process', async () => {
    const quiz = writeQuiz(dir, 30)
    const rows = readFileSync(quiz, 'utf8').trim().split('\n').map((l) => JSON.parse(l))
    for (const i of [3, 11, 19, 25]) rows[i].answer = LETTERS4[(LETTERS4.indexOf(rows[i].answer) + 1) % 4]
    writeFileSync(quiz, rows.map((r) => JSON.stringify(r)).join('\n') + '\n')
    const out = (mode: string) => join(dir, `out-${mode}`)
    const files: Record<string, string> = {}
    for (const mode of ['0', '1']) {
      const suite = writeQuizSuite(dir, { name: `s${mode}`, baseUrl: `${api.url}/v1`, quiz, out: out(mode) })
      const res = await runJarvis(['eval', 'run', '-c', suite, '-n', '20', '--seed', '7'], { JARVIS_QUIET: '1', JARVIS_SELECT_IN_THREAD: mode, JARVIS_CHUNK_SIZE: '7' })
      expect(res.code, res.stdout + res.stderr).toBe(0)
      expect(res.stdout).toContain('quiz: 20 samples selected (seed 7)')
      files[mode] = join(out(mode), 'quiz_test-model.jsonl')
    }
    expect(lines(files['1'])).toHaveLength(20)
    expect(verdicts(files['1'])).toEqual(verdicts(files['0']))
    const sum = (f: string) => JSON.parse(readFileSync(`${f}.summary.json`, 'utf8'))
    expect(sum(files['1'])).toMatchObject({ total_samples: 20, scored_samples: 20, correct: sum(files['0']).correct })
  }, 120_000)

  test('resume reads the digests the thread computed: a changed reference runs again', async () => {
    const data = mkdtempSync(join(dir, 'resume-'))
    const quiz = writeQuiz(data, 8)
    const suite = writeQuizSuite(data, { baseUrl: `${api.url}/v1`, quiz, out: join(data, 'out') })
    const env = { JARVIS_QUIET: '1', JARVIS_SELECT_IN_THREAD: '1' }
    expect((await runJarvis(['eval', 'run', '-c', suite], env)).code).toBe(0)
    const rows = readFileSync(quiz, 'utf8').trim().split('\n').map((l) => JSON.parse(l))
    rows[2].answer = LETTERS4[(LETTERS4.indexOf(rows[2].answer) + 1) % 4]
    writeFileSync(quiz, rows.map((r) => JSON.stringify(r)).join('\n') + '\n')
    const res = await runJarvis(['eval', 'run', '-c', suite, '--resume'], env)
    expect(res.code, res.stderr).toBe(0)
    expect(res.stdout).toContain('resume: 1 record(s) of quiz / test-model changed prompt or reference since they were answered: they run again')
    expect(res.stdout).toContain('resume: 7 samples of quiz / test-model already complete')
  }, 120_000)

  test('a bad row is the same one line and exit 2 from the thread, and nothing is written', async () => {
    const data = mkdtempSync(join(dir, 'bad-'))
    const quiz = join(data, 'quiz.jsonl')
    writeFileSync(quiz, '{"id":"q1","question":"Which?","choices":["a","b"],"answer":"Z","topic":"t"}\n')
    const suite = writeQuizSuite(data, { baseUrl: `${api.url}/v1`, quiz, out: join(data, 'out') })
    const said: Record<string, string> = {}
    for (const mode of ['0', '1']) {
      const res = await runJarvis(['eval', 'run', '-c', suite], { JARVIS_QUIET: '1', JARVIS_SELECT_IN_THREAD: mode })
      expect(res.code).toBe(2)
      said[mode] = res.stderr.trim()
    }
    expect(said['1']).toBe(said['0'])
    expect(said['1']).toMatch(/^jarvis: \[\[benchmarks\]\] "quiz" dataset: .*answer "Z" is neither a letter, an index nor one of the options\.$/)
    expect(existsSync(join(data, 'out', 'quiz_test-model.jsonl'))).toBe(false)
  }, 120_000)

  test('only local files above the threshold go to a thread; the environment forces either way', () => {
    const big = join(dir, 'big.jsonl')
    writeFileSync(big, Buffer.alloc(THREAD_SELECT_BYTES + 1, 32))
    const run = (path: string | null) => ({ dataset: path ? { path } : null }) as unknown as ResolvedRun
    expect(selectsInThread(run(big), {})).toBe(true)
    expect(selectsInThread(run(writeQuiz(dir, 3)), {})).toBe(false)
    expect(selectsInThread(run(null), { JARVIS_SELECT_IN_THREAD: '1' })).toBe(false) // a Hub dataset: size unknown
    expect(selectsInThread(run(big), { JARVIS_SELECT_IN_THREAD: '0' })).toBe(false)
    expect(selectsInThread(run(join(dir, 'missing.jsonl')), {})).toBe(false)
  })

  test('beside Vitest\'s start-up, every dataset goes to a thread when a core is spare (or when forced), none on two', () => {
    const run = (path: string | null) => ({ dataset: path ? { path } : null }) as unknown as ResolvedRun
    const small = writeQuiz(dir, 3)
    expect(selectsInThread(run(small), {}, { overlap: true, cores: 4 })).toBe(true)
    expect(selectsInThread(run(null), {}, { overlap: true, cores: 4 })).toBe(true)
    expect(selectsInThread(run(small), {}, { overlap: true, cores: 2 })).toBe(false)
    expect(selectsInThread(run(null), { JARVIS_SELECT_IN_THREAD: '1' }, { overlap: true, cores: 2 })).toBe(true)
    expect(selectsInThread(run(small), { JARVIS_SELECT_IN_THREAD: '0' }, { overlap: true, cores: 8 })).toBe(false)
  })
})
