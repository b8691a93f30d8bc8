// Red team, hangs class (issue 17): a server that stalls after the headers, streams forever, trickles, or
// answers with an impossible status must cost one error line, never the run. Through the real CLI and the
// real openai client against the fake server; the deadlines are shortened through their environment variables.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { requestLimits } from '../../src/engines/deadline-fetch.ts'
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts'
import { quizAnswer, writeQuiz, writeQuizSuite } from '../support/quiz-suite.ts'
import { runJarvis } from '../support/run-process.ts'

const lines = (path: string) => readFileSync(path, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))
const summary = (path: string) => JSON.parse(readFileSync(`${path}.summary.json`, 'utf8'))

let dir: string
let quiz: string
const env = { JARVIS_QUIET: '1', JARVIS_RETRY_BASE_MS: '5', JARVIS_REQUEST_IDLE_TIMEOUT_S: '1', JARVIS_REQUEST_TIMEOUT_S: '3' }

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'jarvis-rt-hangs-'))
  quiz = writeQuiz(dir, 12)
})

describe('a server that never finishes', () => {
  let api: FakeOpenAI
  beforeAll(async () => {
    // Request numbers (1-based) in arrival order; -w 4 has them all in flight together.
    api = await startFakeOpenAI({
      answer: (p) => `${quizAnswer(p)}. ${'Because. '.repeat(20)}`,
      faults: { 2: { stallAfterHeaders: true }, 3: { infinite: true }, 4: { trickleMs: 150 }, 5: { status: 999 } },
    })
  })
  afterAll(() => api?.close())

  test('stall after headers, endless stream, trickle, status 999: four error lines, the rest answered, in seconds', async () => {
    const out = join(dir, 'faults')
    const suite = writeQuizSuite(dir, { name: 'faults', baseUrl: `${api.url}/v1`, quiz, out, run: 'max_workers = 4\nmax_retries = 0' })
    const t0 = Date.now()
    const res = await runJarvis(['eval', 'run', '-c', suite, '-n', '8'], env, 90_000)
    expect(res.code, res.stderr).toBe(0)
    expect(Date.now() - t0).toBeLessThan(60_000)
    const file = join(out, 'quiz_test-model.jsonl')
    const ls = lines(file)
    expect(ls).toHaveLength(8)
    const errors = ls.map((l) => l.error).filter(Boolean).sort()
    expect(errors).toEqual([
      'server_error: HTTP 999: not a valid status for an answer (a broken server or proxy)',
      'timeout: request timed out: no complete answer within 3 s (JARVIS_REQUEST_TIMEOUT_S)',
      'timeout: request timed out: no complete answer within 3 s (JARVIS_REQUEST_TIMEOUT_S)',
      'timeout: request timed out: no data for 1 s (JARVIS_REQUEST_IDLE_TIMEOUT_S)',
    ])
    expect(ls.filter((l) => !l.error).every((l) => l.is_correct === true)).toBe(true)
    expect(summary(file).errors_by_kind).toEqual({ server_error: 1, timeout: 3 })
  }, 120_000)
})

describe('deadlines', () => {
  test('every request has an idle and a total deadline by default (no flag needed)', () => {
    expect(requestLimits({})).toEqual({ idleMs: 300_000, totalMs: 1_800_000 })
    expect(requestLimits({ JARVIS_REQUEST_IDLE_TIMEOUT_S: '2.5', JARVIS_REQUEST_TIMEOUT_S: 'soon' })).toEqual({ idleMs: 2500, totalMs: 1_800_000 })
  })

  test('--query-timeout bounds inference only: correct code that needs 2 s to test still scores', async () => {
    // fizzbuzz that sleeps 0.4 s per call: its 5 asserts take about 2 s in the sandbox, past the 1 s query timeout.
    const code = 'import time\ndef fizzbuzz(n):\n    time.sleep(0.4)\n    return ["FizzBuzz" if i % 15 == 0 else "Fizz" if i % 3 == 0 else "Buzz" if i % 5 == 0 else str(i) for i in range(1, n + 1)]'
    const api = await startFakeOpenAI({ answer: () => `\`\`\`python\n${code}\n\`\`\`` })
    try {
      const out = join(dir, 'slow-code')
      const suite = join(dir, 'slow-code.toml')
      writeFileSync(suite, `[run]\noutput_dir = "${out}"\n\n[[models]]\nname = "test-model"\nbase_url = "${api.url}/v1"\n\n[[benchmarks]]\nname = "coding_task"\nrecord_ids = ["coding_task-fizzbuzz"]\n`)
      const res = await runJarvis(['eval', 'run', '-c', suite, '--query-timeout', '1'], { JARVIS_QUIET: '1' }, 90_000)
      expect(res.code, res.stderr).toBe(0)
      const [line] = lines(join(out, 'coding_task_test-model.jsonl'))
      expect(line.error).toBeNull()
      expect(line.scoring_metadata.tests_passed).toBe(5)
      expect(line.is_correct).toBe(true)
    } finally {
      await api.close()
    }
  }, 120_000)

  test.each([['1e10'], ['0'], ['-1']])('--query-timeout %s is refused in one line (exit 2) before any sample, not a timeout on every sample', async (v) => {
    const api = await startFakeOpenAI({ answer: quizAnswer })
    try {
      const suite = writeQuizSuite(dir, { name: `qt-${v}`, baseUrl: `${api.url}/v1`, quiz, out: join(dir, `qt-${v}`) })
      const res = await runJarvis(['eval', 'run', '-c', suite, '-n', '2', '--query-timeout', v], env)
      expect(res.code, res.stdout).toBe(2)
      expect(res.stderr.trim().split('\n')).toEqual([`jarvis: --query-timeout "${v}": expected seconds, a number above 0 and at most 2147483 (24.8 days).`])
      expect(api.requests.filter((r) => r.path === '/v1/chat/completions')).toHaveLength(0)
    } finally {
      await api.close()
    }
  })

  test('--temperature -1 says what is wrong with the value (not "ambiguous option")', async () => {
    const res = await runJarvis(['eval', 'run', '-b', 'gpqa', '-m', 'test-model', '--temperature', '-1'], env)
    expect(res.code).toBe(2)
    expect(res.stderr.trim()).toBe('jarvis: --temperature "-1": expected a number from 0 to 2.')
  })
})
