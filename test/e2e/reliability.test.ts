import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts'
import { quizAnswer, writeQuiz, writeQuizSuite } from '../support/quiz-suite.ts'
import { REPO_ROOT, runJarvis, runProcess } from '../support/run-process.ts'

// Issue 7: nothing may lose a finished sample, double a sample, leak a key or hide a failure.

const SHARED_SERVER = resolve(REPO_ROOT, '../shared/bench/fake-openai-server.mjs')
const lines = (path: string) => readFileSync(path, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))
const summary = (path: string) => JSON.parse(readFileSync(`${path}.summary.json`, 'utf8'))

let dir: string
let api: FakeOpenAI
let quiz: string
const env = { JARVIS_QUIET: '1', JARVIS_RETRY_BASE_MS: '5' }

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jarvis-rel-'))
  quiz = writeQuiz(dir, 40)
  api = await startFakeOpenAI({ latencyMs: 2, answer: quizAnswer })
})
afterAll(() => api?.close())

function startSharedServer(args: string[]): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, [SHARED_SERVER, ...args], { stdio: ['ignore', 'pipe', 'ignore'] })
  return new Promise((res, rej) => {
    let buf = ''
    child.stdout.on('data', (d) => {
      buf += d
      const m = /listening (http:\/\/\S+)/.exec(buf)
      if (m) res({ url: m[1], stop: () => child.kill('SIGTERM') })
    })
    child.on('exit', () => rej(new Error('fake server exited')))
  })
}

describe('faults', () => {
  test.skipIf(!existsSync(SHARED_SERVER))('N samples in → N lines out with --fail-rate 0.1 --rate-limit-every 7; errors counted by kind', async () => {
    const server = await startSharedServer(['--latency-ms', '2', '--fail-rate', '0.1', '--rate-limit-every', '7'])
    try {
      const big = writeQuiz(mkdtempSync(join(dir, 'f-')), 200)
      const out = join(dir, 'faults')
      const suite = writeQuizSuite(dir, { name: 'faults', baseUrl: `${server.url}/v1`, model: 'bench-model', quiz: big, out, run: 'max_workers = 8\nmax_retries = 3' })
      const res = await runJarvis(['eval', 'run', '-c', suite], env)
      expect(res.code, res.stderr).toBe(0)
      const ls = lines(join(out, 'quiz_bench-model.jsonl'))
      expect(ls).toHaveLength(200)
      expect(new Set(ls.map((l) => l.record_id)).size).toBe(200)
      // With 3 retries almost every injected fault is absorbed (a sample can still draw 4 faults in a row);
      // retries are recorded per sample and the rare leftover errors are counted.
      const left = ls.filter((l) => l.error)
      expect(left.length).toBeLessThan(10)
      expect(summary(join(out, 'quiz_bench-model.jsonl')).errors).toBe(left.length)
      expect(ls.filter((l) => (l.scoring_metadata.retries ?? 0) > 0).length).toBeGreaterThan(10)
      const noRetry = writeQuizSuite(dir, { name: 'faults0', baseUrl: `${server.url}/v1`, model: 'bench-model', quiz: big, out: join(dir, 'faults0'), run: 'max_workers = 8\nmax_retries = 0' })
      const res0 = await runJarvis(['eval', 'run', '-c', noRetry], env)
      expect(res0.code).toBe(0)
      const ls0 = lines(join(dir, 'faults0', 'quiz_bench-model.jsonl'))
      const s0 = summary(join(dir, 'faults0', 'quiz_bench-model.jsonl'))
      expect(ls0).toHaveLength(200)
      expect(new Set(ls0.map((l) => l.record_id)).size).toBe(200)
      const errored = ls0.filter((l) => l.error)
      expect(errored.length).toBeGreaterThan(20)
      expect(s0.errors).toBe(errored.length)
      expect(s0.errors_by_kind.rate_limit).toBeGreaterThan(0)
      expect(s0.errors_by_kind.server_error).toBeGreaterThan(0)
      expect(s0.errors_by_kind.rate_limit + s0.errors_by_kind.server_error).toBe(errored.length)
      expect(errored.every((l) => l.is_correct === null)).toBe(true)
      expect(s0.scored_samples).toBe(200 - errored.length)
    } finally {
      server.stop()
    }
  })

  test('--query-timeout cancels a request the server never answers; the run goes on', async () => {
    const hang = await startFakeOpenAI({ answer: quizAnswer, faults: { 3: { hang: true } } })
    try {
      const out = join(dir, 'timeout')
      const suite = writeQuizSuite(dir, { name: 'timeout', baseUrl: `${hang.url}/v1`, quiz, out, run: 'max_workers = 2\nmax_retries = 0' })
      const t0 = Date.now()
      const res = await runJarvis(['eval', 'run', '-c', suite, '-n', '6', '--query-timeout', '1'], env)
      expect(res.code, res.stderr).toBe(0)
      expect(Date.now() - t0).toBeLessThan(30_000)
      const ls = lines(join(out, 'quiz_test-model.jsonl'))
      expect(ls).toHaveLength(6)
      const timedOut = ls.filter((l) => l.error)
      expect(timedOut).toHaveLength(1)
      expect(timedOut[0].error).toMatch(/^timeout: /)
      expect(summary(join(out, 'quiz_test-model.jsonl')).errors_by_kind).toEqual({ timeout: 1 })
    } finally {
      await hang.close()
    }
  })
})

describe('crash safety and resume', () => {
  test('after SIGKILL mid-run, --resume completes it: N unique ids, finished lines byte-identical', async () => {
    const slow = await startFakeOpenAI({ latencyMs: 150, answer: quizAnswer })
    try {
      const out = join(dir, 'resume')
      const suite = writeQuizSuite(dir, { name: 'resume', baseUrl: `${slow.url}/v1`, quiz, out, run: 'max_workers = 2' })
      const file = join(out, 'quiz_test-model.jsonl')
      const child = spawn(process.execPath, ['bin/jarvis.mjs', 'eval', 'run', '-c', suite], { cwd: REPO_ROOT, env: { PATH: process.env.PATH!, HOME: process.env.HOME!, ...env }, detached: true, stdio: 'ignore' })
      await new Promise<void>((res) => {
        const t = setInterval(() => {
          if (existsSync(file) && readFileSync(file, 'utf8').split('\n').length > 8) (clearInterval(t), res())
        }, 50)
      })
      process.kill(-child.pid!, 'SIGKILL') // the CLI and its Vitest worker
      await new Promise((r) => setTimeout(r, 300))
      const before = readFileSync(file, 'utf8')
      const whole = before.slice(0, before.lastIndexOf('\n') + 1)
      const done = whole.split('\n').filter(Boolean).length
      expect(done).toBeGreaterThan(0)
      expect(done).toBeLessThan(40)
      const res = await runJarvis(['eval', 'run', '-c', suite, '--resume'], env)
      expect(res.code, res.stderr).toBe(0)
      expect(res.stdout).toContain(`resume: ${done} samples`)
      const after = readFileSync(file, 'utf8')
      expect(after.startsWith(whole)).toBe(true)
      const ids = lines(file).map((l) => l.record_id)
      expect(ids).toHaveLength(40)
      expect(new Set(ids).size).toBe(40)
      expect(summary(file).total_samples).toBe(40)
    } finally {
      await slow.close()
    }
  })

  test('--resume refuses an output made with other settings; without --resume the old file is moved aside', async () => {
    const out = join(dir, 'mismatch')
    const suite = writeQuizSuite(dir, { name: 'mismatch', baseUrl: `${api.url}/v1`, quiz, out })
    expect((await runJarvis(['eval', 'run', '-c', suite, '-n', '4'], env)).code).toBe(0)
    const file = join(out, 'quiz_test-model.jsonl')
    const original = readFileSync(file, 'utf8')
    const res = await runJarvis(['eval', 'run', '-c', suite, '-n', '4', '--resume', '--temperature', '0.5'], env)
    expect(res.code).toBe(2)
    expect(res.stderr.trim().split('\n')).toHaveLength(1)
    expect(res.stderr).toMatch(/--resume: .* was made with other settings \(temperature: 0 → 0.5\)/)
    expect(readFileSync(file, 'utf8')).toBe(original)
    expect((await runJarvis(['eval', 'run', '-c', suite, '-n', '4', '--seed', '7'], env)).code).toBe(0)
    const prev = readdirSync(out).filter((f) => /quiz_test-model\.jsonl\.prev-\d{8}T\d{6}$/.test(f))
    expect(prev).toHaveLength(1)
    expect(readFileSync(join(out, prev[0]), 'utf8')).toBe(original)
  })

  test('--retry-errors re-runs only the samples recorded with an error', async () => {
    const flaky = await startFakeOpenAI({ answer: quizAnswer, faults: { 2: { status: 500 }, 5: { status: 500 } } })
    try {
      const out = join(dir, 'retry')
      const suite = writeQuizSuite(dir, { name: 'retry', baseUrl: `${flaky.url}/v1`, quiz, out, run: 'max_workers = 1\nmax_retries = 0' })
      expect((await runJarvis(['eval', 'run', '-c', suite, '-n', '8'], env)).code).toBe(0)
      const file = join(out, 'quiz_test-model.jsonl')
      expect(lines(file).filter((l) => l.error)).toHaveLength(2)
      const chats = flaky.requests.filter((r) => r.path === '/v1/chat/completions').length
      const res = await runJarvis(['eval', 'run', '-c', suite, '-n', '8', '--retry-errors'], env)
      expect(res.code, res.stderr).toBe(0)
      expect(flaky.requests.filter((r) => r.path === '/v1/chat/completions').length - chats).toBe(2)
      const ls = lines(file)
      expect(ls).toHaveLength(8)
      expect(ls.filter((l) => l.error)).toHaveLength(0)
    } finally {
      await flaky.close()
    }
  })
})

describe('response cache', () => {
  test('a second --cache run answers from disk: no model call, hits counted, latency stats left out', async () => {
    const cacheEnv = { ...env, JARVIS_CACHE_DIR: join(dir, 'cache') }
    const out = join(dir, 'cached')
    const suite = writeQuizSuite(dir, { name: 'cached', baseUrl: `${api.url}/v1`, quiz, out })
    expect((await runJarvis(['eval', 'run', '-c', suite, '-n', '10', '--cache'], cacheEnv)).code).toBe(0)
    const file = join(out, 'quiz_test-model.jsonl')
    const first = lines(file)
    const before = api.requests.filter((r) => r.path === '/v1/chat/completions').length
    const res = await runJarvis(['eval', 'run', '-c', suite, '-n', '10', '--cache'], cacheEnv)
    expect(res.code, res.stderr).toBe(0)
    expect(api.requests.filter((r) => r.path === '/v1/chat/completions').length).toBe(before)
    const second = lines(file)
    expect(second.map((l) => [l.record_id, l.model_answer, l.is_correct]).sort()).toEqual(first.map((l) => [l.record_id, l.model_answer, l.is_correct]).sort())
    expect(second.every((l) => l.scoring_metadata.cache_hit === true)).toBe(true)
    const s = summary(file)
    expect(s.cache_hits).toBe(10)
    expect(s.latency_stats).toBeNull()
    const cleared = await runJarvis(['eval', 'cache', 'clear'], cacheEnv)
    expect(cleared.stdout).toMatch(/cleared 10 cached responses/)
  })
})

describe('sharding', () => {
  test('2 shards of a 4-part benchmark merged equal the unsharded run', async () => {
    const out = join(dir, 'unsharded')
    const suite = writeQuizSuite(dir, { name: 'parts', baseUrl: `${api.url}/v1`, quiz, out, run: 'parts = 4' })
    expect((await runJarvis(['eval', 'run', '-c', suite], env)).code).toBe(0)
    const whole = lines(join(out, 'quiz_test-model.jsonl'))
    const vitest = (args: string[], extra: Record<string, string> = {}) =>
      runProcess(process.execPath, ['node_modules/vitest/vitest.mjs', ...args], { env: { ...env, JARVIS_EVAL_CONFIG: suite, ...extra } })
    const blobs = join(dir, 'blobs')
    mkdirSync(blobs, { recursive: true })
    for (const shard of ['1/2', '2/2']) {
      const r = await vitest(['run', '--project', 'test-model', `--shard=${shard}`, '--reporter=blob', `--outputFile=${join(blobs, `blob-${shard.replace('/', '-')}.json`)}`])
      expect(r.stdout + r.stderr).not.toMatch(/No test files found/)
    }
    const merged = await vitest(['--merge-reports', blobs, '--reporter=dot'])
    expect(merged.stdout + merged.stderr).toMatch(/Tests .*\(40\)/)
    const m = lines(join(out, 'quiz_test-model.jsonl'))
    const key = (ls: { record_id: string; is_correct: boolean; score: number }[]) => ls.map((l) => `${l.record_id}:${l.is_correct}:${l.score}`).sort()
    expect(key(m)).toEqual(key(whole))
    const s = summary(join(out, 'quiz_test-model.jsonl'))
    expect(s).toMatchObject({ total_samples: 40, correct: 40, accuracy: 1 })
  })
})

describe('secrets', () => {
  test('a known key appears in no output file, log or Vitest report of a run, even when the server echoes it', async () => {
    const KEY = 'sk-test-TOPSECRET-0123456789abcdefXYZ'
    const HF = 'hf_fake-TOPSECRET-token-0123456789abcdefXYZ'
    const echo = await startFakeOpenAI({ answer: quizAnswer, faults: { 3: { status: 400, message: (h) => `bad key ${h.authorization}` } } })
    try {
      const out = join(dir, 'secrets')
      const suite = writeQuizSuite(dir, { name: 'secrets', baseUrl: `${echo.url}/v1`, quiz, out, run: 'max_workers = 1\nmax_retries = 0' })
      const senv = { ...env, OPENAI_API_KEY: KEY, HF_TOKEN: HF }
      const cli = await runJarvis(['eval', 'run', '-c', suite, '-n', '5', '--api-key', KEY, '-v'], senv)
      expect(cli.code, cli.stderr).toBe(0)
      expect(echo.requests.some((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true)
      const reports = join(dir, 'reports')
      const vt = await runProcess(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'test-model', '--reporter=json', `--outputFile.json=${join(reports, 'r.json')}`, '--reporter=junit', `--outputFile.junit=${join(reports, 'r.xml')}`], {
        env: { ...senv, JARVIS_EVAL_CONFIG: suite, JARVIS_BACKEND_API_KEY: KEY },
      })
      const texts = [cli.stdout, cli.stderr, vt.stdout, vt.stderr]
      for (const d of [out, reports]) for (const f of readdirSync(d)) texts.push(readFileSync(join(d, f), 'utf8'))
      expect(texts.join('\n')).toContain('[REDACTED]') // the echoed key was there, and was redacted
      for (const t of texts) {
        expect(t).not.toContain(KEY)
        expect(t).not.toContain(HF)
      }
    } finally {
      await echo.close()
    }
  })
})
