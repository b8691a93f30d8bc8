import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Fault } from '../support/fake-openai.ts'
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts'
import { LETTERS4, quizAnswer, writeQuiz, writeQuizSuite } from '../support/quiz-suite.ts'
import { REPO_ROOT, runJarvis, runProcess } from '../support/run-process.ts'

// Issue 18, through the real CLI: honest exit codes, OPENAI_BASE_URL, samples re-run by name updating the
// results in place, distinct JUnit ids for two models, and Ctrl-C leaving a resumable file.

type Line = { record_id: string; is_correct: boolean | null; model_answer: string; error: string | null }
const lines = (path: string): Line[] => readFileSync(path, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))
const env = { JARVIS_QUIET: '1', JARVIS_RETRY_BASE_MS: '5' }

let dir: string
let quiz: string
let api: FakeOpenAI
/** Question numbers the good server answers wrongly (to see a re-run sample change). */
const wrongFor = new Set<number>()
const servers: FakeOpenAI[] = []

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jarvis-ux-'))
  quiz = writeQuiz(dir, 6)
  api = await startFakeOpenAI({
    models: ['test-model', 'other-model'],
    answer: (p) => {
      const i = Number(/Question (\d+):/.exec(p)?.[1])
      return wrongFor.has(i) ? `The answer is ${LETTERS4[(i + 1) % 4]}` : quizAnswer(p)
    },
  })
})
afterAll(async () => {
  await api?.close()
  for (const s of servers) await s.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const scrub = (s: string) => s.replaceAll(dir, '<tmp>').replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT')
const everyChat = (fault: Fault) => Object.fromEntries(Array.from({ length: 50 }, (_, i) => [i + 1, fault]))

describe('exit 4 when a run could score no sample, with one line saying why', () => {
  const said: Record<string, string> = {}
  test.each([
    ['HTTP 500 on every request', { faults: everyChat({ status: 500 }) }],
    ['HTTP 401 on every request', { faults: everyChat({ status: 401 }) }],
    ['custom MCQ answers no regex can read, and no judge', { answer: () => 'I would go with the second one' }],
  ])('%s', async (name, server) => {
    const s = await startFakeOpenAI(server)
    servers.push(s)
    const out = join(dir, `no-score-${servers.length}`)
    const res = await runJarvis(['eval', 'run', '-c', writeQuizSuite(dir, { name: `ns${servers.length}`, baseUrl: `${s.url}/v1`, quiz, out, run: 'max_retries = 0' })], env)
    expect(res.code, res.stdout + res.stderr).toBe(4)
    expect(res.stdout.trim().split('\n').at(-1)).toBe('Accuracy: none (0 of 6 samples scored)')
    expect(lines(join(out, 'quiz_test-model.jsonl'))).toHaveLength(6) // the lines are there to inspect
    const err = res.stderr.trim().split('\n')
    said[name] = scrub(err.at(-1)!)
  })

  test('what they say', () => {
    expect(said).toMatchInlineSnapshot(`
      {
        "HTTP 401 on every request": "jarvis: quiz / test-model: no sample could be scored: 6 of 6 requests failed (auth 6), first: auth: HTTP 401: injected 401. Check the endpoint, the API key and the model name, then rerun with --resume --retry-errors.",
        "HTTP 500 on every request": "jarvis: quiz / test-model: no sample could be scored: 6 of 6 requests failed (server_error 6), first: server_error: HTTP 500: injected 500. Check the endpoint, the API key and the model name, then rerun with --resume --retry-errors.",
        "custom MCQ answers no regex can read, and no judge": "jarvis: quiz / test-model: no sample could be scored: 6 answers got no verdict (judge_unavailable 6): cloud model "gpt-5-mini-2025-08-07" needs OPENAI_API_KEY in the environment. Set it, or point --base-url at an OpenAI-compatible server. Give a reachable judge (--judge-model/--judge-engine or [judge]) and run again.",
      }
    `)
  })
})

describe('OPENAI_BASE_URL with no engine given', () => {
  test('a plain model name goes to openai-compatible at OPENAI_BASE_URL, with OPENAI_API_KEY', async () => {
    const out = join(dir, 'openai-base')
    const suite = join(dir, 'openai-base.toml')
    writeFileSync(suite, `[run]\noutput_dir = "${out}"\n\n[[models]]\nname = "test-model"\n\n[[benchmarks]]\nname = "quiz"\nscorer = "mcq"\n[benchmarks.dataset]\npath = "${quiz}"\nid_field = "id"\nchoices_field = "choices"\n`)
    const before = api.requests.length
    const res = await runJarvis(['eval', 'run', '-c', suite], { ...env, OPENAI_BASE_URL: `${api.url}/v1`, OPENAI_API_KEY: 'sk-test-base-url-0123456789' })
    expect(res.code, res.stdout + res.stderr).toBe(0)
    expect(scrub(res.stdout)).toContain('  model test-model: openai-compatible at http://127.0.0.1:PORT/v1')
    const chats = api.requests.slice(before).filter((r) => r.path === '/v1/chat/completions')
    expect(chats).toHaveLength(6)
    expect(chats.every((r) => r.headers.authorization === 'Bearer sk-test-base-url-0123456789')).toBe(true)
    expect(readFileSync(join(out, 'quiz_test-model.jsonl'), 'utf8')).not.toContain('sk-test-base-url')
  })
})

describe('samples re-run by name update the results in place', () => {
  let out: string
  let suite: string
  const file = () => join(out, 'quiz_test-model.jsonl')
  const byId = () => Object.fromEntries(readFileSync(file(), 'utf8').split('\n').filter(Boolean).map((l) => [JSON.parse(l).record_id, l]))

  beforeAll(async () => {
    out = join(dir, 'update')
    suite = writeQuizSuite(dir, { name: 'update', baseUrl: `${api.url}/v1`, quiz, out })
    wrongFor.clear()
  })

  test('a full run, with -v and --trace-detail', async () => {
    const res = await runJarvis(['eval', 'run', '-c', suite, '-v', '--trace-detail'], env)
    expect(res.code, res.stderr).toBe(0)
    expect(scrub(res.stderr)).toContain(`[jarvis] quiz / test-model: engine openai-compatible at http://127.0.0.1:PORT/v1, backend jarvis-direct, judge gpt-5-mini-2025-08-07 (cloud), seed 42, temperature 0, max_tokens 2048, max_workers 4 → <tmp>/update/quiz_test-model.jsonl`)
    expect(res.stderr.match(/^\[jarvis\] quiz \/ test-model quiz-q\d{4}: correct in \d+\.\d{3} s$/gm)).toHaveLength(6)
    const trace = res.stdout.slice(res.stdout.indexOf('Trace: quiz / test-model')).trim().split('\n')
    expect(scrub(trace[0])).toBe('Trace: quiz / test-model (<tmp>/update/quiz_test-model.jsonl)')
    expect(trace.slice(1).map((l) => l.replace(/\d+\.\d{3}/g, 'N'))).toEqual(expect.arrayContaining(['  quiz-q0003  correct   latency N s  ttft N s  tokens 31/4']))
    expect(trace).toHaveLength(7)
  })

  test('-t replaces the matching sample\'s line and keeps the others byte for byte, with no .prev file', async () => {
    const before = byId()
    wrongFor.add(3)
    const res = await runJarvis(['eval', 'run', '-c', suite, '-t', 'q0003$'], env)
    expect(res.code, res.stderr).toBe(0)
    expect(scrub(res.stdout)).toContain('  updated 1 samples of quiz / test-model in place (6 lines in <tmp>/update/quiz_test-model.jsonl)')
    const after = byId()
    expect(Object.keys(after)).toEqual(Object.keys(before)) // same ids, same order
    for (const id of Object.keys(before)) if (id !== 'quiz-q0003') expect(after[id]).toBe(before[id])
    expect(JSON.parse(after['quiz-q0003']).is_correct).toBe(false)
    expect(readdirSync(out).filter((f) => f.includes('.prev-'))).toEqual([])
    expect(JSON.parse(readFileSync(`${file()}.summary.json`, 'utf8'))).toMatchObject({ total_samples: 6, correct: 5 })
  })

  test('a -t that matches no sample is bad input, before any model call', async () => {
    const before = api.requests.length
    const res = await runJarvis(['eval', 'run', '-c', suite, '-t', 'q9999'], env)
    expect(res.code).toBe(2)
    expect(res.stderr.trim()).toBe('jarvis: -t/--test-name-pattern "q9999" matches no sample. Test names look like "quiz @ test-model <record-id>"; see a run\'s JSONL for the record ids.')
    expect(api.requests.slice(before).filter((r) => r.path === '/v1/chat/completions')).toEqual([])
  })

  test('--record-ids does the same for the ids it names', async () => {
    wrongFor.clear()
    wrongFor.add(1)
    const res = await runJarvis(['eval', 'run', '-c', suite, '--record-ids', 'quiz-q0001,quiz-q0003'], env)
    expect(res.code, res.stderr).toBe(0)
    const after = lines(file())
    expect(after.map((l) => [l.record_id, l.is_correct]).sort()).toEqual([['quiz-q0000', true], ['quiz-q0001', false], ['quiz-q0002', true], ['quiz-q0003', true], ['quiz-q0004', true], ['quiz-q0005', true]])
    expect(readdirSync(out).filter((f) => f.includes('.prev-'))).toEqual([])
  })

  test('vitest run -t updates in place too', async () => {
    wrongFor.clear()
    wrongFor.add(4)
    const r = await runProcess(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'test-model', '-t', 'q0004'], { env: { ...env, JARVIS_EVAL_CONFIG: suite } })
    expect(r.stdout + r.stderr).toMatch(/Tests .*1 failed \| 5 skipped/)
    const after = lines(file())
    expect(after).toHaveLength(6)
    expect(after.filter((l) => !l.is_correct).map((l) => l.record_id).sort()).toEqual(['quiz-q0001', 'quiz-q0004'])
    expect(readdirSync(out).filter((f) => f.includes('.prev-'))).toEqual([])
  })

  test('a full run still starts a fresh file and keeps the old one aside', async () => {
    wrongFor.clear()
    const res = await runJarvis(['eval', 'run', '-c', suite], env)
    expect(res.code, res.stderr).toBe(0)
    expect(lines(file()).every((l) => l.is_correct)).toBe(true)
    expect(readdirSync(out).filter((f) => /\.prev-[^.]+(-\d+)?$/.test(f.replace(/\.jsonl/, '')))).toHaveLength(1)
  })
})

describe('JUnit with two models', () => {
  test('every testcase has a unique (classname, name): the describe names the model', async () => {
    const out = join(dir, 'junit')
    const suite = join(dir, 'junit.toml')
    writeFileSync(
      suite,
      `[run]\noutput_dir = "${out}"\n\n[[models]]\nname = "test-model"\nbase_url = "${api.url}/v1"\n\n[[models]]\nname = "other-model"\nbase_url = "${api.url}/v1"\n\n` +
        `[[benchmarks]]\nname = "quiz"\nscorer = "mcq"\n[benchmarks.dataset]\npath = "${quiz}"\nid_field = "id"\nchoices_field = "choices"\n`,
    )
    const xml = join(dir, 'junit.xml')
    await runProcess(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'test-model', '--project', 'other-model', '--reporter=junit', `--outputFile=${xml}`], { env: { ...env, JARVIS_EVAL_CONFIG: suite } })
    const cases = [...readFileSync(xml, 'utf8').matchAll(/<testcase classname="([^"]*)" name="([^"]*)"/g)].map((m) => `${m[1]} :: ${m[2]}`)
    expect(cases).toHaveLength(12)
    expect(new Set(cases).size).toBe(12)
    expect(cases.sort().slice(0, 2)).toEqual(['evals/custom/custom.eval.ts :: quiz @ other-model &gt; quiz-q0000', 'evals/custom/custom.eval.ts :: quiz @ other-model &gt; quiz-q0001'])
  })
})

describe('Ctrl-C', () => {
  test('prints how to resume, exits 130, and leaves only whole lines; --resume finishes the run', async () => {
    const slow = await startFakeOpenAI({ answer: quizAnswer, latencyMs: 250 })
    servers.push(slow)
    const big = writeQuiz(mkdtempSync(join(dir, 'big-')), 40)
    const out = join(dir, 'interrupt')
    const suite = writeQuizSuite(dir, { name: 'interrupt', baseUrl: `${slow.url}/v1`, quiz: big, out, run: 'max_workers = 2' })
    const file = join(out, 'quiz_test-model.jsonl')
    const child = spawn(process.execPath, ['bin/jarvis.mjs', 'eval', 'run', '-c', suite], { cwd: REPO_ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (d) => (stderr += d))
    child.stdout.resume()
    const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)))
    for (let i = 0; i < 400 && !(existsSync(file) && lines(file).length >= 3); i++) await new Promise((r) => setTimeout(r, 50))
    child.kill('SIGINT')
    expect(await exited).toBe(130)
    const done = lines(file) // every line parses: no torn line
    expect(done.length).toBeGreaterThanOrEqual(3)
    expect(done.length).toBeLessThan(40)
    expect(scrub(stderr).trim().split('\n').slice(-2).map((l) => l.replace(/: \d+ samples/, ': N samples'))).toMatchInlineSnapshot(`
      [
        "jarvis: interrupted: quiz / test-model: N samples finished in this run, kept in <tmp>/interrupt/quiz_test-model.jsonl",
        "jarvis: resume with: jarvis eval run -c <tmp>/interrupt.toml --resume",
      ]
    `)
    const res = await runJarvis(['eval', 'run', '-c', suite, '--resume'], env)
    expect(res.code, res.stderr).toBe(0)
    const all = lines(file)
    expect(all).toHaveLength(40)
    expect(new Set(all.map((l) => l.record_id)).size).toBe(40)
    expect(all.slice(0, done.length)).toEqual(done)
  }, 60_000)
})
